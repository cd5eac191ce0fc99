package dev.tether.mcp.auth.grant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.auth.AuthFixture;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.discovery.ServerMetadata;
import dev.tether.mcp.transport.HttpAuthorization;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RFC 9207 at the redirect: the {@code iss} of an authorization response is compared with the
 * recorded issuer as an exact string, and its absence is refused when the authorization server
 * promised it. A refused answer's code never reaches the token endpoint.
 */
class IssuerCheckTest {
    private static final String ISSUER = "https://auth.example.com:8443/tenant";

    private static ServerMetadata server(boolean advertised) {
        return new ServerMetadata(ISSUER, ISSUER + "/authorize", ISSUER + "/token", null, List.of("S256"), null, null, null,
                false, false, advertised, null);
    }

    private static Map<String, String> answer(String iss) {
        Map<String, String> answer = new HashMap<>(Map.of("code", "the-code", "state", "s1"));
        if (iss != null) {
            answer.put("iss", iss);
        }
        return answer;
    }

    @Test
    void theExactIssuerIsAcceptedWhetherAdvertisedOrNot() throws AuthException {
        assertEquals("the-code", AuthorizationResponse.code(answer(ISSUER), "s1", server(true)));
        assertEquals("the-code", AuthorizationResponse.code(answer(ISSUER), "s1", server(false)));
    }

    @Test
    void aMissingIssIsRefusedWhenTheServerAdvertisesIt() {
        AuthException e = assertThrows(AuthException.class, () -> AuthorizationResponse.code(answer(null), "s1", server(true)));
        assertTrue(e.getMessage().contains("carried no iss"), e.getMessage());
    }

    @Test
    void aMissingIssIsAcceptedWhenTheServerDoesNotAdvertiseIt() throws AuthException {
        assertEquals("the-code", AuthorizationResponse.code(answer(null), "s1", server(false)));
    }

    /** Each of these names the same server after some URL normalisation, and none is the recorded string. */
    @ParameterizedTest
    @ValueSource(strings = {
            "https://auth.example.com:8443/tenant/",       // trailing slash
            "HTTPS://auth.example.com:8443/tenant",        // scheme case
            "https://Auth.Example.com:8443/tenant",        // host case
            "https://auth.example.com:8443/Tenant",        // path case
            "https://auth.example.com:8443/%74enant",      // percent-encoded unreserved character
            "https://auth.example.com:8443/tenant/../tenant",
            " https://auth.example.com:8443/tenant",
            "https://evil.example.com"})
    void anyOtherStringIsRefusedEvenWhenNotAdvertised(String iss) {
        for (boolean advertised : new boolean[] {true, false}) {
            AuthException e = assertThrows(AuthException.class, () -> AuthorizationResponse.code(answer(iss), "s1", server(advertised)));
            assertTrue(e.getMessage().contains("not " + ISSUER), e.getMessage());
        }
    }

    @Test
    void theDefaultPortIsNotElided() {
        ServerMetadata implicitPort = new ServerMetadata("https://auth.example.com", null, null, null, null, null, null, null,
                false, false, true, null);
        assertThrows(AuthException.class, () -> AuthorizationResponse.checkIssuer("https://auth.example.com:443", implicitPort));
        assertThrows(AuthException.class, () -> AuthorizationResponse.checkIssuer("https://auth.example.com/", implicitPort));
    }

    @Test
    void aMissingIssAdvertisedByTheMetadataStopsTheFlowBeforeTheTokenEndpoint() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.put("authorization_response_iss_parameter_supported", true);
            HttpAuthorization auth = f.authorization(f.settings());
            HttpAuthorization.Verdict verdict = auth.rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("carried no iss"), verdict.reason());
            assertEquals(1, f.authorizationUrls.size(), "the user was sent to sign in");
            assertTrue(f.server.to("/token").isEmpty(), "the code was never exchanged");
            assertEquals(null, auth.header());
        }
    }

    @Test
    void aTrailingSlashVariantOfTheIssuerStopsTheFlowBeforeTheTokenEndpoint() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.put("authorization_response_iss_parameter_supported", true);
            f.extraRedirectParams.put("iss", f.base + "/");
            HttpAuthorization.Verdict verdict = f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(f.server.to("/token").isEmpty(), "the code was never exchanged");
        }
    }

    @Test
    void theAdvertisedExactIssuerCompletesTheSignIn() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.put("authorization_response_iss_parameter_supported", true);
            f.extraRedirectParams.put("iss", f.base);
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals("Bearer at-SECRET-1", auth.header());
        }
    }
}
