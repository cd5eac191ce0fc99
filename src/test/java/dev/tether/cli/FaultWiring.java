package dev.tether.cli;

import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.files.TetherPaths;
import dev.tether.mcp.auth.ledger.AcpTokenStore;
import dev.tether.security.SecretRegistry;
import dev.tether.session.servers.McpLauncher;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The composition root's real MCP launcher built from a config file's contents, for the fault
 * suite: short timeouts and small caps come from the same {@code "mcp"} keys a user would set.
 */
public final class FaultWiring {
    private FaultWiring() {}

    /** The launcher {@code tether acp} uses with this config file and environment. */
    public static McpLauncher mcp(Map<String, String> env, JsonNode config) {
        var settings = SettingsLoader.resolve(config, env, SettingsLoader.CommandLine.NONE, TetherPaths.from(env));
        SecretRegistry secrets = ProcessSecrets.of(settings);
        return Wiring.mcp(settings, AcpTokenStore.inMemory(), secrets);
    }
}
