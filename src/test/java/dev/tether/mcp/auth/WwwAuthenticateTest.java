package dev.tether.mcp.auth;

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

    @org.junit.jupiter.api.Test
    void noHeaderIsAnEmptyChallenge() {
        assertEquals(WwwAuthenticate.EMPTY, WwwAuthenticate.parse(null));
    }
}
