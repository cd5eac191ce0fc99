package dev.tether.config.sources;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import dev.tether.config.mcp.McpRuntimeConfig;
import dev.tether.config.policy.ManagedPolicy;
import java.util.List;
import java.util.Objects;

/**
 * The MCP part of the settings tree ({@code TetherSettings.mcp()}).
 *
 * @param declared        the servers and per-server policies of the config file and {@code --mcp-config}
 *                        (the command line wins), or only the command line's with {@code strict}
 * @param strict          {@code --strict-mcp-config}: the editor's servers are not used either
 * @param runtime         runtime-wide bounds and timeouts ({@code "mcp"} in the config file)
 * @param rememberSignIns {@code "oauth": {"rememberSignIns": true}}: ACP sessions keep OAuth
 *                        credentials in their own ledger rather than in memory
 * @param sources         each source on its own, for {@link McpSources}
 */
public record McpSettings(McpConfig.Declared declared, boolean strict, McpRuntimeConfig runtime, boolean rememberSignIns,
                          Sources sources) {
    public McpSettings {
        Objects.requireNonNull(declared);
        Objects.requireNonNull(runtime);
        Objects.requireNonNull(sources);
    }

    public McpSettings(McpConfig.Declared declared, boolean strict, McpRuntimeConfig runtime, boolean rememberSignIns) {
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
