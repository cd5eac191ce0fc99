package dev.tether.config;

import dev.tether.base.net.Network;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.permissions.PermissionSettings;
import dev.tether.config.sources.McpSettings;
import dev.tether.model.ProviderSettings;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything Tether takes from outside itself, read and validated once by {@link SettingsLoader}:
 * the config file, the environment and the command line. Values only — the composition root builds
 * collaborators (clients, stores, registries) from them.
 *
 * @param paths          where state and configuration live (XDG)
 * @param environment    the process environment (with the keys a launcher handed over); collaborators
 *                       that pass variables on (stdio servers, {@code ${VAR}} expansion, secret masking)
 *                       take it from here, never from the process
 * @param model          the model provider, or why none can be used
 * @param tools          the user's tool allow/deny lists and protected paths
 * @param mcp            MCP servers and policies, runtime bounds, OAuth
 * @param secretEnvNames the variables the config marks secret ({@code "secrets": {"env": [...]}})
 * @param network        proxies ({@code HTTPS_PROXY}, {@code HTTP_PROXY}, {@code NO_PROXY}) and extra trusted
 *                       certificate authorities ({@code "network": {"caBundle"}}) for every HTTP client
 * @param context        the context window override, the compaction threshold and the instruction files ({@code "context"})
 * @param permissions    the permission rules of the config file and the managed settings
 * @param sandbox        how commands are confined ({@code "sandbox"} in the config file and the managed settings)
 * @param subagents      what one subagent may spend and how many run at once ({@code "subagents"})
 */
public record TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, McpSettings mcp,
                             List<String> secretEnvNames, Network network, ContextConfig context, PermissionSettings permissions,
                             SandboxPolicy sandbox, SubagentConfig subagents) {
    public TetherSettings {
        environment = Map.copyOf(environment);
        secretEnvNames = List.copyOf(secretEnvNames);
        Objects.requireNonNull(network);
        Objects.requireNonNull(context);
        Objects.requireNonNull(permissions);
        Objects.requireNonNull(sandbox);
        Objects.requireNonNull(subagents);
    }

    /** Settings whose subagents have the default budget. */
    public TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, McpSettings mcp,
                          List<String> secretEnvNames, Network network, ContextConfig context, PermissionSettings permissions,
                          SandboxPolicy sandbox) {
        this(paths, environment, model, tools, mcp, secretEnvNames, network, context, permissions, sandbox, SubagentConfig.NOT_SET);
    }

    /** Settings whose commands run without a sandbox. */
    public TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, McpSettings mcp,
                          List<String> secretEnvNames, Network network, ContextConfig context, PermissionSettings permissions) {
        this(paths, environment, model, tools, mcp, secretEnvNames, network, context, permissions, SandboxPolicy.NONE);
    }

    /** Settings without permission rules. */
    public TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, McpSettings mcp,
                          List<String> secretEnvNames, Network network, ContextConfig context) {
        this(paths, environment, model, tools, mcp, secretEnvNames, network, context, PermissionSettings.NONE);
    }

    /** Settings with the default context settings. */
    public TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, McpSettings mcp,
                          List<String> secretEnvNames, Network network) {
        this(paths, environment, model, tools, mcp, secretEnvNames, network, ContextConfig.DEFAULT);
    }

    /** Settings with direct connections and the JDK's own trust. */
    public TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, McpSettings mcp,
                          List<String> secretEnvNames) {
        this(paths, environment, model, tools, mcp, secretEnvNames, Network.DIRECT);
    }

    /**
     * The model provider: exactly one of {@code provider} and {@code problem} is set. A broken
     * provider setting is not a failed start; it is reported when a session asks for a model.
     */
    public record Model(ProviderSettings provider, String problem, List<ConfigWarning> warnings) {
        public Model {
            if ((provider == null) == (problem == null)) {
                throw new IllegalArgumentException("a model setting is either a provider or a problem");
            }
            warnings = List.copyOf(warnings);
        }

        public Model(ProviderSettings provider, String problem) {
            this(provider, problem, List.of());
        }
    }
}
