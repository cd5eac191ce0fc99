package dev.tether.cli;

import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.security.SecretRegistry;
import dev.tether.session.servers.McpLauncher;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The composition root's real MCP launcher and secret registry, for end-to-end attack tests in other packages. */
public final class AttackWiring {
    private AttackWiring() {}

    /** The launcher {@code tether acp} uses, for a process whose environment is {@code env}. */
    public static McpLauncher mcp(Map<String, String> env, SecretRegistry secrets, TokenStore tokens) {
        return Wiring.mcp(settings(env, Json.object()), tokens, secrets);
    }

    /** The launcher {@code tether acp} uses, read from {@code env} alone (config file, managed settings): policies, sandbox. */
    public static McpLauncher mcpFromEnvironment(Map<String, String> env, SecretRegistry secrets, TokenStore tokens) {
        return Wiring.mcp(SettingsLoader.load(SettingsLoader.CommandLine.NONE, env), tokens, secrets);
    }

    /** The launcher {@code tether acp} uses with {@code config} as its config file (policies, runtime bounds). */
    public static McpLauncher mcp(Map<String, String> env, SecretRegistry secrets, TokenStore tokens, JsonNode config) {
        return Wiring.mcp(settings(env, config), tokens, secrets);
    }

    /**
     * The sources {@code tether acp} gives its sessions with {@code config} as its config file: the
     * workspace {@code .mcp.json} files, the user's servers and policies, the project choices, the
     * local servers and the policy bindings (in the state directory {@code env} names).
     */
    public static dev.tether.session.servers.McpServerSources sources(Map<String, String> env, SecretRegistry secrets, JsonNode config) {
        return Wiring.sources(settings(env, config), secrets);
    }

    /**
     * Which servers each session gets, decided as {@code tether acp} decides it from {@code env} alone:
     * the config file ({@code XDG_CONFIG_HOME}), the managed settings ({@code TETHER_MANAGED_SETTINGS})
     * and the project choices ({@code XDG_STATE_HOME}).
     */
    public static dev.tether.session.servers.McpServerSources sources(Map<String, String> env) {
        TetherSettings settings = SettingsLoader.load(SettingsLoader.CommandLine.NONE, env);
        return Wiring.sources(settings, ProcessSecrets.of(settings));
    }

    /** The permission rules {@code tether acp} gives its sessions with {@code config} as its config file. */
    public static dev.tether.tools.permission.RuleBooks rules(Map<String, String> env, JsonNode config) {
        return Wiring.rules(settings(env, config));
    }

    /** The permission rules {@code tether acp} gives its sessions, read from {@code env} alone (config file, managed settings, state). */
    public static dev.tether.tools.permission.RuleBooks rules(Map<String, String> env) {
        return Wiring.rules(SettingsLoader.load(SettingsLoader.CommandLine.NONE, env));
    }

    /** The sandbox policy {@code tether acp} gives its sessions, read from {@code env} alone (config file, managed settings, PATH). */
    public static dev.tether.tools.sandbox.SandboxPolicy sandbox(Map<String, String> env) {
        return SettingsLoader.load(SettingsLoader.CommandLine.NONE, env).sandbox();
    }

    /** Where {@code tether acp}'s sessions look for instruction files, read from {@code env} alone (the config file's names, the user's directory). */
    public static dev.tether.context.InstructionSettings instructions(Map<String, String> env) {
        return Wiring.instructions(SettingsLoader.load(SettingsLoader.CommandLine.NONE, env));
    }

    /** The tool settings {@code tether acp} reads from {@code config} ({@code "tools"}). */
    public static dev.tether.tools.ToolFilter tools(Map<String, String> env, JsonNode config) {
        return settings(env, config).tools();
    }

    /** The registry {@code tether acp} builds from its environment and config file. */
    public static SecretRegistry secrets(Map<String, String> env, JsonNode config) {
        return ProcessSecrets.of(settings(env, config));
    }

    private static TetherSettings settings(Map<String, String> env, JsonNode config) {
        return SettingsLoader.resolve(config, env, SettingsLoader.CommandLine.NONE, TetherPaths.from(env));
    }
}
