package dev.tether.config;

import dev.tether.base.net.Network;
import dev.tether.model.ProviderSettings;
import dev.tether.tools.ToolFilter;
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
 */
public record TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, Mcp mcp,
                             List<String> secretEnvNames, Network network) {
    public TetherSettings {
        environment = Map.copyOf(environment);
        secretEnvNames = List.copyOf(secretEnvNames);
        Objects.requireNonNull(network);
    }

    /** Settings with direct connections and the JDK's own trust. */
    public TetherSettings(TetherPaths paths, Map<String, String> environment, Model model, ToolFilter tools, Mcp mcp,
                          List<String> secretEnvNames) {
        this(paths, environment, model, tools, mcp, secretEnvNames, Network.DIRECT);
    }

    /**
     * The model provider: exactly one of {@code provider} and {@code problem} is set. A broken
     * provider setting is not a failed start; it is reported when a session asks for a model.
     */
    public record Model(ProviderSettings provider, String problem) {
        public Model {
            if ((provider == null) == (problem == null)) {
                throw new IllegalArgumentException("a model setting is either a provider or a problem");
            }
        }
    }

    /**
     * MCP settings.
     *
     * @param declared        the servers and per-server policies of the config file and {@code --mcp-config}
     *                        (the command line wins), or only the command line's with {@code strict}
     * @param strict          {@code --strict-mcp-config}: the editor's servers are not used either
     * @param runtime         runtime-wide bounds and timeouts ({@code "mcp"} in the config file)
     * @param rememberSignIns {@code "oauth": {"rememberSignIns": true}}: ACP sessions keep OAuth
     *                        credentials in their own ledger rather than in memory
     * @param sources         each source on its own, for {@link McpSources}
     */
    public record Mcp(McpConfig.Declared declared, boolean strict, McpRuntimeConfig runtime, boolean rememberSignIns,
                      Sources sources) {
        public Mcp {
            Objects.requireNonNull(declared);
            Objects.requireNonNull(runtime);
            Objects.requireNonNull(sources);
        }

        public Mcp(McpConfig.Declared declared, boolean strict, McpRuntimeConfig runtime, boolean rememberSignIns) {
            this(declared, strict, runtime, rememberSignIns, Sources.NONE);
        }

        public McpConfig.Declared userServers() {
            return sources.user();
        }

        public String userConfigFile() {
            return sources.userConfigFile();
        }

        public McpConfig.Declared commandLine() {
            return sources.commandLine();
        }

        public ManagedPolicy managed() {
            return sources.managed();
        }

        public ProjectApproval projectApproval() {
            return sources.projectApproval();
        }

        /** Every warning about the process-wide sources (config file, command line, managed settings). */
        public List<ConfigWarning> warnings() {
            return sources.warnings();
        }
    }

    /**
     * The process-wide MCP sources, each on its own (a session adds its workspace files and its editor's servers).
     *
     * @param user            the config file's servers
     * @param commandLine     {@code --mcp-config}'s servers
     * @param managed         the managed policy
     * @param projectApproval the user's standing answers about workspace servers
     */
    public record Sources(McpConfig.Declared user, String userConfigFile, McpConfig.Declared commandLine, ManagedPolicy managed,
                          ProjectApproval projectApproval, List<ConfigWarning> warnings) {
        public static final Sources NONE = new Sources(McpConfig.Declared.NONE, null, McpConfig.Declared.NONE, ManagedPolicy.NONE,
                ProjectApproval.NONE, List.of());

        public Sources {
            warnings = List.copyOf(warnings);
        }
    }
}
