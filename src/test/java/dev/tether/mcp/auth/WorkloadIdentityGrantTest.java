package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.WorkloadIdentity;
import dev.tether.mcp.auth.ledger.MemoryTokenStore;
import dev.tether.mcp.transport.HttpAuthorization;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workload identity federation: the JWT-bearer grant with the workload's own token, checked
 * before it leaves, never retried once refused, never followed by a browser sign-in, and never
 * shown in a message or a log line.
 */
class WorkloadIdentityGrantTest {
    @TempDir
    Path dir;

    private static String jwt(String audience, Instant expiry) throws Exception {
        ECKey key = new ECKeyGenerator(Curve.P_256).generate();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer("https://idp.example").subject("workload-7")
                .audience(audience).expirationTime(Date.from(expiry)).build();
        SignedJWT signed = new SignedJWT(new JWSHeader(JWSAlgorithm.ES256), claims);
        signed.sign(new ECDSASigner(key));
        return signed.serialize();
    }

    private static String jwt(String audience) throws Exception {
        return jwt(audience, Instant.now().plus(Duration.ofMinutes(10)));
    }

    private static OAuthSettings settings(AuthFixture f, WorkloadIdentity identity) {
        return f.settings().withClient("srv", new OAuthClientConfig("workload-client", null, null, null,
                new OAuthClientConfig.Grant.JwtBearer(identity)));
    }

    private static WorkloadIdentity fromVariable(String token, String issuer) {
        return WorkloadIdentity.fromEnv("WORKLOAD_TOKEN", issuer).resolve(Map.of("WORKLOAD_TOKEN", token), t -> { });
    }

    @Test
    void theWorkloadTokenIsTheAssertionOfAJwtBearerRequest() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            String token = jwt(f.base);
            List<String> read = new ArrayList<>();
            WorkloadIdentity identity = WorkloadIdentity.fromEnv("WORKLOAD_TOKEN", null)
                    .resolve(Map.of("WORKLOAD_TOKEN", token), read::add);
            HttpAuthorization auth = f.authorization(settings(f, identity));
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals("Bearer at-SECRET-1", auth.header());
            Map<String, String> form = f.server.to("/token").getFirst().form();
            assertEquals(Map.of("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer", "assertion", token,
                    "resource", f.base + "/mcp", "client_id", "workload-client"), form);
            assertTrue(f.authorizationUrls.isEmpty(), "no browser sign-in");
            assertTrue(f.server.to("/register").isEmpty());
            assertTrue(read.contains(token), "the token was handed to the secret registry");
        }
    }

    @Test
    void aRefusedTokenIsNeitherRetriedNorFollowedByAnotherGrant() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\",\"error_description\":\"subject not trusted\"}"));
            Path file = dir.resolve("token");
            Files.writeString(file, jwt(f.base) + "\n");
            OAuthSettings settings = settings(f, WorkloadIdentity.fromFile(file, null).resolve(Map.of(), t -> { }));
            HttpAuthorization.Verdict first = f.authorization(settings).rejected(AuthFixture.unauthorized(null));
            assertFalse(first.retry());
            assertTrue(first.reason().contains("invalid_grant: subject not trusted"), first.reason());
            // A reconnection builds a new authorization from the same settings: the same token is not sent again.
            HttpAuthorization.Verdict again = f.authorization(settings).rejected(AuthFixture.unauthorized(null));
            assertFalse(again.retry());
            assertTrue(again.reason().contains("refused before"), again.reason());
            assertEquals(1, f.server.to("/token").size());
            assertTrue(f.authorizationUrls.isEmpty(), "no fallback to a browser sign-in");
            assertTrue(f.server.to("/register").isEmpty(), "no fallback to registration");

            // The platform rotates the token: the new one is tried.
            f.server.on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-new", "token_type", "Bearer")));
            Files.writeString(file, jwt(f.base));
            HttpAuthorization rotated = f.authorization(settings);
            assertTrue(rotated.rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals("Bearer at-SECRET-new", rotated.header());
        }
    }

    @Test
    void aTokenForAnotherAudienceOrAnExpiredOneIsNotSent() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            HttpAuthorization.Verdict wrong = f.authorization(settings(f, fromVariable(jwt("https://other.example"), null)))
                    .rejected(AuthFixture.unauthorized(null));
            assertFalse(wrong.retry());
            assertTrue(wrong.reason().contains("not meant for the authorization server"), wrong.reason());
            HttpAuthorization.Verdict expired = f.authorization(settings(f, fromVariable(
                    jwt(f.base, Instant.now().minus(Duration.ofMinutes(1))), null))).rejected(AuthFixture.unauthorized(null));
            assertFalse(expired.retry());
            assertTrue(expired.reason().contains("expired"), expired.reason());
            assertTrue(f.server.to("/token").isEmpty());
        }
    }

    @Test
    void aPinnedIssuerAllowsAnotherAudienceButOnlyThatExactIssuer() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            String token = jwt("api://TokenExchange");
            HttpAuthorization.Verdict other = f.authorization(settings(f, fromVariable(token, f.base + "/")))
                    .rejected(AuthFixture.unauthorized(null));
            assertFalse(other.retry());
            assertTrue(other.reason().contains("may be sent only to " + f.base + "/"), other.reason());
            assertTrue(f.server.to("/token").isEmpty());
            assertTrue(f.authorization(settings(f, fromVariable(token, f.base))).rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals(token, f.server.to("/token").getFirst().form().get("assertion"));
        }
    }

    @Test
    void aFileThatHoldsNoJwtOrTooMuchIsNotSent() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            Path notJwt = dir.resolve("id_rsa");
            Files.writeString(notJwt, "-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----\n");
            HttpAuthorization.Verdict verdict = f.authorization(settings(f, WorkloadIdentity.fromFile(notJwt, null)
                    .resolve(Map.of(), t -> { }))).rejected(AuthFixture.unauthorized(null));
            assertTrue(verdict.reason().contains("does not hold a JWT"), verdict.reason());
            Path huge = dir.resolve("huge");
            Files.writeString(huge, "a".repeat(WorkloadIdentity.MAX_TOKEN_BYTES) + ".b.c");
            verdict = f.authorization(settings(f, WorkloadIdentity.fromFile(huge, null).resolve(Map.of(), t -> { })))
                    .rejected(AuthFixture.unauthorized(null));
            assertTrue(verdict.reason().contains("larger than"), verdict.reason());
            verdict = f.authorization(settings(f, WorkloadIdentity.fromEnv("UNSET", null).resolve(Map.of(), t -> { })))
                    .rejected(AuthFixture.unauthorized(null));
            assertTrue(verdict.reason().contains("UNSET that holds the workload identity token is not set"), verdict.reason());
            assertTrue(f.server.to("/token").isEmpty());
        }
    }

    @Test
    void theAssertionIsInNoMessageNoLogLineAndNoDescriptionOfTheConfig() throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        String token;
        String reason;
        WorkloadIdentity identity;
        try (AuthFixture f = new AuthFixture()) {
            token = jwt(f.base);
            // The server echoes the assertion in its refusal.
            f.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\",\"error_description\":\"bad assertion " + r.form().get("assertion") + "\"}"));
            identity = fromVariable(token, null);
            reason = f.authorization(settings(f, identity)).rejected(AuthFixture.unauthorized(null)).reason()
                    + "\n" + f.authorization(settings(f, identity)).rejected(AuthFixture.unauthorized(null)).reason();
        } finally {
            System.setErr(original);
        }
        String payload = token.split("\\.")[1];
        String config = OAuthSettings.of(new MemoryTokenStore(), null).withClient("srv", new OAuthClientConfig("c", null, null,
                null, new OAuthClientConfig.Grant.JwtBearer(identity))).toString();
        for (String text : List.of(reason, captured.toString(StandardCharsets.UTF_8), config)) {
            assertFalse(text.contains(payload), "the assertion leaked:\n" + text);
        }
        assertTrue(reason.contains("invalid_grant"), reason);
        assertTrue(config.contains("environment variable WORKLOAD_TOKEN"), config);
    }
}
