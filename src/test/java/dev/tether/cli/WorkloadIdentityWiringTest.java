package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.WorkloadIdentity;
import dev.tether.mcp.auth.ledger.MemoryTokenStore;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.security.SecretRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A session's OAuth keeps a configured workload grant, bound to the session's environment, and masks the token it holds. */
class WorkloadIdentityWiringTest {

    @Test
    void theWorkloadTokenFromTheEnvironmentIsUsedAndMasked() {
        String token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZCJ9.c2lnbmF0dXJlLXZhbHVl";
        OAuthClientConfig configured = new OAuthClientConfig("w", null, null, null,
                new OAuthClientConfig.Grant.JwtBearer(WorkloadIdentity.fromEnv("MCP_WORKLOAD_TOKEN", null)));
        McpServerPolicy policy = new McpServerPolicy(Map.of(), List.of(), List.of(), null, false, false, "warning", configured);
        SecretRegistry secrets = SecretRegistry.empty();
        OAuthSettings settings = Wiring.oauth(new MemoryTokenStore(), null, Map.of("srv", policy),
                Map.of("MCP_WORKLOAD_TOKEN", token), secrets);
        var grant = assertInstanceOf(OAuthClientConfig.Grant.JwtBearer.class, settings.clients().get("srv").grant());
        assertEquals("environment variable MCP_WORKLOAD_TOKEN", grant.identity().source());
        assertEquals("the token is " + SecretRegistry.MARKER, secrets.redact("the token is " + token));
    }
}
