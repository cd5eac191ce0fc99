package dev.tether.testing.acp;

import dev.tether.cli.AttackWiring;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.ledger.AcpTokenStore;
import dev.tether.security.SecretRegistry;
import dev.tether.session.ModelCatalog;
import dev.tether.testing.mcp.ChaosMcpServer;
import dev.tether.testing.mcp.McpTestSupport;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tether's ACP agent in this JVM wired as {@code tether acp} wires it — the real MCP launcher,
 * policies and tool settings read from a config file's JSON — with a model of the test's choosing.
 */
public final class WiredAgent {
    private WiredAgent() {}

    /** An agent whose config file is {@code config}. */
    public static InProcessAgent start(Path dir, ModelCatalog model, JsonNode config) {
        Map<String, String> env = baseEnv();
        SecretRegistry secrets = AttackWiring.secrets(env, config);
        return new InProcessAgent(dir, model, AttackWiring.mcp(env, secrets, AcpTokenStore.inMemory(), config),
                AttackWiring.tools(env, config), services -> services.withSecrets(secrets));
    }

    /**
     * An agent whose config file is {@code config}, with the configured sources too: the workspace
     * {@code .mcp.json} files, the approvals asked in {@code session/request_permission}, the local
     * servers, the policy bindings and the permission rules (config, local scope, project), all kept under {@code home} ({@code XDG_STATE_HOME} and
     * {@code XDG_CONFIG_HOME} below it), never in the real home.
     */
    public static InProcessAgent withSources(Path dir, ModelCatalog model, JsonNode config, Path home) {
        Map<String, String> env = baseEnv();
        env.put("HOME", home.toString());
        env.put("XDG_STATE_HOME", home.resolve("state").toString());
        env.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        SecretRegistry secrets = AttackWiring.secrets(env, config);
        return new InProcessAgent(dir, model, AttackWiring.mcp(env, secrets, AcpTokenStore.inMemory(), config),
                AttackWiring.tools(env, config), services -> services.withSecrets(secrets)
                        .withMcpSources(AttackWiring.sources(env, secrets, config))
                        .withRules(AttackWiring.rules(env, config)));
    }

    /**
     * An environment for {@link #fromEnvironment} whose home, config, state and managed settings
     * are all below {@code dir} ({@code home/config/tether/config.json}, {@code home/state},
     * {@code managed.json}), never the real ones; a mutable map.
     */
    public static Map<String, String> isolatedEnvironment(Path dir) {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv("PATH"));
        env.put("HOME", dir.resolve("home").toString());
        env.put("XDG_STATE_HOME", dir.resolve("home/state").toString());
        env.put("XDG_CONFIG_HOME", dir.resolve("home/config").toString());
        env.put("TETHER_MANAGED_SETTINGS", dir.resolve("managed.json").toString());
        return env;
    }

    private static Map<String, String> baseEnv() {
        Map<String, String> env = new HashMap<>();
        for (String name : List.of("PATH", "HOME", "USER", "LANG", "TMPDIR")) {
            String value = System.getenv(name);
            if (value != null) {
                env.put(name, value);
            }
        }
        return env;
    }

    /**
     * An agent whose process environment is exactly {@code env}: its config file, managed settings
     * and project choices are the ones {@code env} points at, and its stdio servers inherit from it.
     */
    public static InProcessAgent fromEnvironment(Path dir, ModelCatalog model, Map<String, String> env) {
        SecretRegistry secrets = AttackWiring.secrets(env, Json.object());
        return new InProcessAgent(dir, model, AttackWiring.mcpFromEnvironment(env, secrets, AcpTokenStore.inMemory()),
                dev.tether.tools.ToolFilter.ALLOW_ALL, services -> services.withSecrets(secrets).withMcpSources(AttackWiring.sources(env))
                        .withRules(AttackWiring.rules(env)).withInstructions(AttackWiring.instructions(env))
                        .withSandbox(AttackWiring.sandbox(env)));
    }

    /** A {@link ChaosMcpServer} with {@code flags}, as the editor sends it in {@code session/new}. */
    public static ObjectNode chaos(String name, String... flags) {
        McpServerSpec.Stdio spec = McpTestSupport.chaos(name, flags);
        ObjectNode server = Json.object().put("name", name).put("command", spec.command());
        ArrayNode args = server.putArray("args");
        spec.args().forEach(args::add);
        server.putArray("env");
        return server;
    }

    /** The {@code mcpServers} array of {@code session/new}. */
    public static ArrayNode servers(ObjectNode... servers) {
        ArrayNode array = Json.array();
        for (ObjectNode server : servers) {
            array.add(server);
        }
        return array;
    }
}
