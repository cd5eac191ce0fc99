package dev.tether.config;

import java.nio.file.Path;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The one place that reads Tether's settings: the command line, then the config file and the
 * environment, into a {@link TetherSettings}. Precedence: the environment wins over the config file
 * (providers, paths); {@code --mcp-config} wins over the config file's servers. Only a bad command
 * line fails the start ({@link InvalidSettings}); a bad config file value is a warning on stderr
 * and the default stays.
 */
public final class SettingsLoader {
    private static final Logger LOG = LoggerFactory.getLogger(SettingsLoader.class);

    private SettingsLoader() {}

    /** A command line Tether cannot start with; the message is for the user, without the "tether: " prefix. */
    public static final class InvalidSettings extends Exception {
        InvalidSettings(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * What the {@code acp} command line says about settings.
     *
     * @param servers {@code --mcp-config} servers and policies, in the order given (a later one wins)
     * @param strict  {@code --strict-mcp-config}
     */
    public record CommandLine(McpConfig.Declared servers, boolean strict) {
        /** No flags. */
        public static final CommandLine NONE = new CommandLine(McpConfig.Declared.NONE, false);
    }

    /**
     * Reads the {@code acp} flags (a relative {@code --mcp-config} file resolves against {@code workingDir}),
     * then the config file named by the environment's XDG paths.
     */
    public static TetherSettings load(String[] args, Map<String, String> env, Path workingDir) throws InvalidSettings {
        CommandLine flags = commandLine(args, workingDir);
        TetherPaths paths = TetherPaths.from(env);
        return resolve(ConfigFile.load(paths.configFile()), env, flags, paths);
    }

    /** The {@code acp} flags; any other argument is refused. */
    public static CommandLine commandLine(String[] args, Path workingDir) throws InvalidSettings {
        McpConfig.Declared extra = McpConfig.Declared.NONE;
        boolean strict = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--mcp-config" -> {
                    if (i + 1 >= args.length) {
                        throw new InvalidSettings("--mcp-config needs a file or a JSON object");
                    }
                    try {
                        extra = extra.then(McpConfig.fromArgument(args[++i], workingDir));
                    } catch (McpConfig.InvalidConfig e) {
                        throw new InvalidSettings(e.getMessage());
                    }
                }
                case "--strict-mcp-config" -> strict = true;
                default -> throw new InvalidSettings("unknown option \"" + args[i] + "\". Run tether --help.");
            }
        }
        return new CommandLine(extra, strict);
    }

    /** The settings from a parsed config file ({@code file}, an object), the environment and the flags. */
    public static TetherSettings resolve(JsonNode file, Map<String, String> env, CommandLine flags, TetherPaths paths) {
        // --strict-mcp-config keeps only the command line's servers: not the editor's, not the config file's.
        McpConfig.Declared declared = (flags.strict() ? McpConfig.Declared.NONE : configuredServers(file, paths)).then(flags.servers());
        TetherSettings.Mcp mcp = new TetherSettings.Mcp(declared, flags.strict(), McpRuntimeConfig.from(file),
                file.path("oauth").path("rememberSignIns").asBoolean(false));
        return new TetherSettings(paths, env, model(env, file), ToolsConfig.from(file), mcp, SecretsConfig.envNames(file),
                ContextConfig.from(file));
    }

    /**
     * The config file's own servers, for {@code tether mcp}: there a broken declaration fails the
     * command, since the user asked about exactly these servers.
     */
    public static McpConfig.Declared userServers(TetherPaths paths) throws McpConfig.InvalidConfig {
        JsonNode file = ConfigFile.load(paths.configFile());
        return file.has("mcpServers") ? McpConfig.parse(file, paths.configDir(), paths.configFile().toString()) : McpConfig.Declared.NONE;
    }

    private static TetherSettings.Model model(Map<String, String> env, JsonNode file) {
        try {
            return new TetherSettings.Model(ProviderConfig.resolve(env, file), null);
        } catch (IllegalArgumentException e) {
            return new TetherSettings.Model(null, e.getMessage());
        }
    }

    /** A broken entry is a warning, not a failed start: the session runs without the config file's servers. */
    private static McpConfig.Declared configuredServers(JsonNode file, TetherPaths paths) {
        if (!file.has("mcpServers")) {
            return McpConfig.Declared.NONE;
        }
        try {
            return McpConfig.parse(file, paths.configDir(), paths.configFile().toString());
        } catch (McpConfig.InvalidConfig e) {
            LOG.warn("ignoring the MCP servers of the config file: {}", e.getMessage());
            return McpConfig.Declared.NONE;
        }
    }
}
