package dev.tether.config.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.testing.StrictMcpConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code "oauth": {"workloadIdentity": …}} names where a workload's identity token comes from — a
 * file or a variable, never the token — and anything else is refused with what to write instead.
 */
class WorkloadIdentityConfigTest {

    private static OAuthClientConfig client(String oauth) throws Exception {
        Path dir = Files.createTempDirectory("wif-config");
        McpConfig.Declared declared = StrictMcpConfig.fromArgument(
                "{\"mcpServers\": {\"srv\": {\"url\": \"https://mcp.example/mcp\", \"oauth\": " + oauth + "}}}", dir);
        return declared.policies().get("srv").oauthClient();
    }

    private static String refusal(String oauth) {
        return assertThrows(McpConfig.InvalidConfig.class, () -> client(oauth)).getMessage();
    }

    @Test
    void aTokenFileOrATokenVariableMakesTheClientAWorkload() throws Exception {
        OAuthClientConfig file = client("{\"clientId\": \"w\", \"workloadIdentity\": {\"tokenFile\": \"/var/run/secrets/mcp/token\","
                + " \"issuer\": \"https://auth.example.com\"}}");
        var grant = assertInstanceOf(OAuthClientConfig.Grant.JwtBearer.class, file.grant());
        assertEquals("file /var/run/secrets/mcp/token", grant.identity().source());
        assertEquals("https://auth.example.com", grant.identity().issuer());
        assertEquals("w", file.clientId());

        OAuthClientConfig env = client("{\"clientId\": \"w\", \"workloadIdentity\": {\"tokenEnv\": \"MCP_WORKLOAD_TOKEN\"}}");
        var fromEnv = assertInstanceOf(OAuthClientConfig.Grant.JwtBearer.class, env.grant());
        assertEquals("environment variable MCP_WORKLOAD_TOKEN", fromEnv.identity().source());
        assertEquals(null, fromEnv.identity().issuer());

        assertInstanceOf(OAuthClientConfig.Grant.AuthorizationCode.class, client("{\"clientId\": \"c\"}").grant());
    }

    @Test
    void theTokenItselfAndAmbiguousOrRelativeSourcesAreRefused() {
        String inline = refusal("{\"clientId\": \"w\", \"workloadIdentity\": {\"token\": \"eyJhbGciOi.e30.sig\"}}");
        assertTrue(inline.contains("unknown key \"token\"") && inline.contains("never goes in the config"), inline);
        assertTrue(!inline.contains("eyJhbGciOi"), inline);
        assertTrue(refusal("{\"clientId\": \"w\", \"workloadIdentity\": {\"tokenFile\": \"/t\", \"tokenEnv\": \"T\"}}")
                .contains("exactly one of tokenFile and tokenEnv"));
        assertTrue(refusal("{\"clientId\": \"w\", \"workloadIdentity\": {}}").contains("exactly one of tokenFile and tokenEnv"));
        assertTrue(refusal("{\"clientId\": \"w\", \"workloadIdentity\": {\"tokenFile\": \"token.jwt\"}}")
                .contains("tokenFile must be an absolute path"));
        assertTrue(refusal("{\"clientId\": \"w\", \"workloadIdentity\": {\"tokenEnv\": \"$(cat x)\"}}")
                .contains("tokenEnv must be an environment variable name"));
        assertTrue(refusal("{\"clientId\": \"w\", \"workloadIdentity\": \"/t\"}").contains("must be an object"));
    }
}
