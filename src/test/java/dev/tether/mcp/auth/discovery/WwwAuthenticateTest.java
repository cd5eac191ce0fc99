package dev.tether.mcp.auth.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WwwAuthenticateTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp" | - | - | https://mcp.example/.well-known/oauth-protected-resource/mcp
            Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://x/prm" | insufficient_scope | files:read files:write | https://x/prm
            bearer error=invalid_token,scope=a | invalid_token | a | -
            Basic realm="x", Bearer scope="a, b" | - | a, b | -
            Bearer scope="a", Basic realm="other" | - | a | -
            Bearer error="x\\"y" | x"y | - | -
            Basic realm="only basic" | - | - | -
            Bearer | - | - | -
            """)
    void parsesTheBearerChallenge(String header, String error, String scope, String resourceMetadata) {
        assertEquals(new WwwAuthenticate(error, scope, resourceMetadata), WwwAuthenticate.parse(header));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            DPoP algs="ES256", resource_metadata="https://x/prm" | - | https://x/prm | -
            Bearer scope="a", DPoP error="use_dpop_nonce" | - | - | use_dpop_nonce
            DPoP error="use_dpop_nonce", Bearer error="invalid_token", resource_metadata="https://x/prm" | invalid_token | https://x/prm | use_dpop_nonce
            """)
    void aDpopChallengeStandsInForAMissingBearerOneAndIsReadOnItsOwn(String header, String error, String resourceMetadata,
                                                                      String dpopError) {
        assertEquals(error, WwwAuthenticate.parse(header).error());
        assertEquals(resourceMetadata, WwwAuthenticate.parse(header).resourceMetadata());
        assertEquals(dpopError, WwwAuthenticate.parse(header, "DPoP").error());
    }

    @org.junit.jupiter.api.Test
    void noHeaderIsAnEmptyChallenge() {
        assertEquals(WwwAuthenticate.EMPTY, WwwAuthenticate.parse(null));
    }
}
