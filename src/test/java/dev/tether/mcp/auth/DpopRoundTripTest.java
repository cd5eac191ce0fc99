package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.dpop.ProofVerifier;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.transport.HttpTransport;
import dev.tether.testing.Waits;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * DPoP end to end over Tether's HTTP transport, against a loopback authorization server and MCP
 * server that both demand nonces: the token request and every MCP request carry a valid proof,
 * the token goes out as {@code DPoP} and never as {@code Bearer}, and nonce refusals are retried
 * with the server's nonce, a bounded number of times.
 */
class DpopRoundTripTest {
    private static final String AS_NONCE = "as-nonce-1";
    private static final String RS_NONCE = "rs-nonce-1";

    @Test
    void bothServersNoncesAreHonouredAndEveryRequestCarriesAFreshProofForItsToken() throws Exception {
        try (AuthFixture f = dpopFixture()) {
            f.server.on("POST /mcp", resource(f, nonce -> RS_NONCE.equals(nonce) ? null : RS_NONCE));
            f.server.on("GET /mcp", r -> MockAuthServer.Reply.status(405));
            try (McpClientSession client = session(f)) {
                client.initialize("1", Duration.ofSeconds(10), Cancellation.root());
                client.ping(Duration.ofSeconds(10), Cancellation.root());
                // Not any GET: the discovery GETs of the sign-in come first, the event stream's may come later.
                Waits.eventually(Duration.ofSeconds(10), () -> f.server.to("/mcp").stream().anyMatch(r -> r.method().equals("GET")),
                        "the event stream's GET");
            }

            List<MockAuthServer.Request> tokenRequests = f.server.to("/token");
            assertEquals(2, tokenRequests.size(), "one nonce retry at the authorization server");
            ProofVerifier.Verified firstToken = ProofVerifier.verify(tokenRequests.get(0).headers().get("dpop"));
            ProofVerifier.Verified secondToken = ProofVerifier.verify(tokenRequests.get(1).headers().get("dpop"));
            assertNull(firstToken.claim("nonce"));
            assertEquals(AS_NONCE, secondToken.claim("nonce"));
            for (ProofVerifier.Verified p : List.of(firstToken, secondToken)) {
                assertEquals("POST", p.claim("htm"));
                assertEquals(f.base + "/token", p.claim("htu"));
                assertNull(p.claim("ath"), "a token request presents no token");
            }

            List<MockAuthServer.Request> mcp = f.server.to("/mcp");
            assertNull(mcp.getFirst().headers().get("authorization"), "nothing to present before the sign-in");
            Set<String> jtis = new HashSet<>();
            List<String> nonces = new java.util.ArrayList<>();
            for (MockAuthServer.Request r : mcp.subList(1, mcp.size())) {
                String authorization = r.headers().get("authorization");
                assertTrue(authorization.startsWith("DPoP at-SECRET-"), "presented as DPoP, never Bearer: " + authorization);
                ProofVerifier.Verified proof = ProofVerifier.verify(r.headers().get("dpop"));
                assertEquals(r.method(), proof.claim("htm"));
                assertEquals(f.base + "/mcp", proof.claim("htu"));
                assertEquals(ProofVerifier.sha256(authorization.substring("DPoP ".length())), proof.claim("ath"));
                assertEquals(firstToken.thumbprint(), proof.thumbprint(), "one key per server: the token's");
                assertTrue(jtis.add(proof.claim("jti")), "a fresh proof on every request");
                nonces.add(r.method() + " " + proof.claim("nonce"));
            }
            // initialize without the nonce, refused; again with it; then initialized and ping (the GET runs alongside).
            assertEquals("POST null", nonces.getFirst());
            assertTrue(nonces.subList(1, nonces.size()).stream().allMatch(n -> n.endsWith(" " + RS_NONCE)), nonces.toString());
            assertEquals(5, mcp.stream().filter(r -> r.method().equals("POST")).count());
            assertTrue(nonces.contains("GET " + RS_NONCE), "the event stream's GET has its own proof: " + nonces);
        }
    }

    @Test
    void aServerRefusingItsOwnNonceFailsTheRequestAfterOneRetry() throws Exception {
        try (AuthFixture f = dpopFixture()) {
            f.server.on("POST /mcp", resource(f, nonce -> RS_NONCE));
            try (McpClientSession client = session(f)) {
                RuntimeException e = assertThrows(RuntimeException.class,
                        () -> client.initialize("1", Duration.ofSeconds(10), Cancellation.root()));
                assertTrue(String.valueOf(e.getMessage()).contains("refused a DPoP proof that carried the nonce it asked for"),
                        String.valueOf(e.getMessage()));
            }
            // Unauthorised, then the token without a nonce, then once with the nonce: no more.
            assertEquals(3, f.server.to("/mcp").size());
        }
    }

    @Test
    void aServerNamingANewNonceEachTimeIsGivenUpOnWithinTheAuthorizationBound() throws Exception {
        try (AuthFixture f = dpopFixture()) {
            AtomicInteger n = new AtomicInteger();
            f.server.on("POST /mcp", resource(f, nonce -> "rotating-" + n.incrementAndGet()));
            try (McpClientSession client = session(f)) {
                RuntimeException e = assertThrows(RuntimeException.class,
                        () -> client.initialize("1", Duration.ofSeconds(10), Cancellation.root()));
                assertTrue(String.valueOf(e.getMessage()).contains("giving up"), String.valueOf(e.getMessage()));
            }
            assertEquals(1 + OAuthAuthorization.MAX_AUTHORIZATIONS, f.server.to("/mcp").size());
        }
    }

    @Test
    void anAuthorizationServerThatKeepsAskingForANonceIsAskedOnceMore() throws Exception {
        try (AuthFixture f = dpopFixture()) {
            AtomicInteger n = new AtomicInteger();
            f.server.on("POST /token", r -> nonceRefusal("as-" + n.incrementAndGet()));
            f.server.on("POST /mcp", resource(f, nonce -> null));
            try (McpClientSession client = session(f)) {
                RuntimeException e = assertThrows(RuntimeException.class,
                        () -> client.initialize("1", Duration.ofSeconds(10), Cancellation.root()));
                assertTrue(String.valueOf(e.getMessage()).contains("use_dpop_nonce"), String.valueOf(e.getMessage()));
            }
            assertEquals(2, f.server.to("/token").size());
            assertTrue(f.server.to("/mcp").stream().noneMatch(r -> r.headers().containsKey("authorization")));
        }
    }

    /** A fixture whose authorization server offers DPoP and wants {@link #AS_NONCE} in the token request's proof. */
    static AuthFixture dpopFixture() {
        AuthFixture f = new AuthFixture();
        f.metadata.putArray("dpop_signing_alg_values_supported").add("RS256").add("ES256");
        AtomicInteger issued = new AtomicInteger();
        f.server.on("POST /token", r -> {
            String proof = r.headers().get("dpop");
            String nonce;
            try {
                nonce = proof == null ? null : ProofVerifier.verify(proof).claim("nonce");
            } catch (Exception | AssertionError e) {
                return json(400, Map.of(), Map.of("error", "invalid_dpop_proof"));
            }
            if (!AS_NONCE.equals(nonce)) {
                return nonceRefusal(AS_NONCE);
            }
            int k = issued.incrementAndGet();
            return json(200, Map.of(), Map.of("access_token", "at-SECRET-" + k, "token_type", "DPoP", "expires_in", 3600,
                    "refresh_token", "rt-SECRET-" + k));
        });
        return f;
    }

    private static MockAuthServer.Reply nonceRefusal(String nonce) {
        return json(400, Map.of("DPoP-Nonce", nonce), Map.of("error", "use_dpop_nonce",
                "error_description", "Authorization server requires nonce in DPoP proof"));
    }

    /**
     * An MCP server that wants a DPoP-bound token: unauthorised requests get a DPoP-only challenge,
     * Bearer is refused, and {@code wanted} answers the nonce a proof carried with the nonce to
     * demand instead (null: the proof is good).
     */
    static Function<MockAuthServer.Request, MockAuthServer.Reply> resource(AuthFixture f, Function<String, String> wanted) {
        return r -> {
            String authorization = r.headers().get("authorization");
            if (authorization == null) {
                return new MockAuthServer.Reply(401, Map.of("WWW-Authenticate",
                        "DPoP algs=\"ES256\", resource_metadata=\"" + f.base + "/.well-known/oauth-protected-resource/mcp\""), "");
            }
            if (!authorization.startsWith("DPoP ")) {
                return new MockAuthServer.Reply(401, Map.of("WWW-Authenticate", "DPoP error=\"invalid_token\""), "");
            }
            String nonce;
            try {
                nonce = ProofVerifier.verify(r.headers().get("dpop")).claim("nonce");
            } catch (Exception | AssertionError e) {
                return new MockAuthServer.Reply(401, Map.of("WWW-Authenticate", "DPoP error=\"invalid_dpop_proof\""), "");
            }
            String missing = wanted.apply(nonce);
            if (missing != null) {
                return new MockAuthServer.Reply(401, Map.of("WWW-Authenticate",
                        "DPoP error=\"use_dpop_nonce\", error_description=\"Resource server requires nonce in DPoP proof\"",
                        "DPoP-Nonce", missing), "");
            }
            JsonNode message = Json.parse(r.form().get("json"));
            if (!message.has("id")) {
                return MockAuthServer.Reply.status(202);
            }
            Object result = "initialize".equals(message.path("method").asString())
                    ? Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of(), "serverInfo", Map.of("name", "s", "version", "1"))
                    : Map.of();
            return MockAuthServer.Reply.json(Map.of("jsonrpc", "2.0", "id", message.get("id"), "result", result));
        };
    }

    private static MockAuthServer.Reply json(int status, Map<String, String> headers, Object body) {
        Map<String, String> all = new java.util.HashMap<>(headers);
        all.put("Content-Type", "application/json");
        return new MockAuthServer.Reply(status, all, Json.write(body));
    }

    private static McpClientSession session(AuthFixture f) throws AuthException {
        McpServerSpec.Http spec = new McpServerSpec.Http("srv", f.base + "/mcp", Map.of());
        HttpTransport transport = new HttpTransport(spec, Duration.ofSeconds(5), OAuthAuthorization.forServer(spec, f.settings()));
        return new McpClientSession("srv", transport, () -> { });
    }
}
