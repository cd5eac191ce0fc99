package dev.tether.config;

import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import dev.tether.config.mcp.McpRuntimeConfig;
import dev.tether.config.permissions.PermissionSettings;
import dev.tether.config.policy.ManagedPolicy;
import dev.tether.config.schema.DidYouMean;
import dev.tether.config.sources.McpSettings;
import dev.tether.config.sources.ProjectApproval;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The one place that reads Tether's settings: the command line, then the config file and the
 * environment, into a {@link TetherSettings}. Precedence: the environment wins over the config file
 * (providers, paths); {@code --mcp-config} wins over the config file's servers. Nothing fails the
 * start: an unknown option, like a bad config file value, is a warning (on stderr, and to the
 * editor as a notice of each session) and the default stays, so an editor that spawned Tether with
 * a mistyped option hears what is wrong over ACP instead of waiting for an answer that never comes.
 */
public final class SettingsLoader {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SettingsLoader.class);
    }

    private SettingsLoader() {}

    /**
     * What the {@code acp} command line says about settings.
     *
     * @param servers {@code --mcp-config} servers and policies, in the order given (a later one wins)
     * @param strict  {@code --strict-mcp-config}
     */
    public record CommandLine(McpConfig.Declared servers, boolean strict, List<ConfigWarning> warnings) {
        /** No flags. */
        public static final CommandLine NONE = new CommandLine(McpConfig.Declared.NONE, false, List.of());

        public CommandLine {
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Reads the {@code acp} flags (a relative {@code --mcp-config} file resolves against {@code workingDir}),
     * then the config file named by the environment's XDG paths.
     */
    public static TetherSettings load(String[] args, Map<String, String> env, Path workingDir) {
        return load(commandLine(args, workingDir), env);
    }

    /** As {@link #load(String[], Map, Path)}, with the command line read already. */
    public static TetherSettings load(CommandLine flags, Map<String, String> env) {
        TetherPaths paths = TetherPaths.from(env);
        ManagedPolicy managed = ManagedPolicy.load(ManagedPolicy.location(env, System.getProperty("os.name", "")));
        ConfigFile.Read file = ConfigFile.read(paths.configFile());
        return resolve(file.node(), file.warnings(), env, flags, paths, managed);
    }

    /** The {@code acp} flags. An unknown one, or a {@code --mcp-config} that cannot be used, is a warning, never a failed start. */
    public static CommandLine commandLine(String[] args, Path workingDir) {
        McpConfig.Declared extra = McpConfig.Declared.NONE;
        List<ConfigWarning> warnings = new ArrayList<>();
        boolean strict = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--mcp-config" -> {
                    if (i + 1 >= args.length) {
                        warnings.add(ConfigWarning.of("--mcp-config", null, "--mcp-config needs a file or a JSON object; ignoring it"));
                        continue;
                    }
                    McpConfig.Parsed parsed = McpConfig.readArgument(args[++i], workingDir);
                    extra = extra.then(parsed.declared());
                    warnings.addAll(parsed.warnings());
                }
                case "--strict-mcp-config" -> strict = true;
                default -> warnings.add(ConfigWarning.of("command line", null, "unknown option \"" + args[i] + "\""
                        + DidYouMean.hint(args[i], List.of("--mcp-config", "--strict-mcp-config"))
                        + "; ignoring it (the editor's agent settings hold the command line; tether acp --help lists the options)"));
            }
        }
        return new CommandLine(extra, strict, warnings);
    }

    /** The settings from a parsed config file ({@code file}, an object), the environment and the flags; no managed policy. */
    public static TetherSettings resolve(JsonNode file, Map<String, String> env, CommandLine flags, TetherPaths paths) {
        return resolve(file, env, flags, paths, ManagedPolicy.NONE);
    }

    /** As {@link #resolve(JsonNode, Map, CommandLine, TetherPaths)}, under a managed policy. */
    public static TetherSettings resolve(JsonNode file, Map<String, String> env, CommandLine flags, TetherPaths paths,
                                         ManagedPolicy managed) {
        return resolve(file, List.of(), env, flags, paths, managed);
    }

    private static TetherSettings resolve(JsonNode file, List<ConfigWarning> fileWarnings, Map<String, String> env, CommandLine flags,
                                          TetherPaths paths, ManagedPolicy managed) {
        List<ConfigWarning> warnings = new ArrayList<>(managed.warnings());
        McpConfig.Declared user = configuredServers(file, paths, warnings);
        warnings.addAll(flags.warnings());
        ProjectApproval approval = ProjectApproval.from(file, paths.configFile(), warnings);
        TetherSettings.Model model = model(env, file, StoredCredentials.read(StoredCredentials.file(paths)), paths);
        warnings.addAll(model.warnings());
        // The readers' warnings join the one list (stderr once, the editor's notice, /mcp, tether mcp list, doctor),
        // and the schema's warning about a key they already named is left out.
        String source = paths.configFile().toString();
        McpRuntimeConfig mcpRuntime = McpRuntimeConfig.from(file, source, warnings);
        ToolFilter tools = ToolsConfig.from(file, UserGitPaths.from(env), source, warnings);
        List<String> secrets = SecretsConfig.envNames(file, source, warnings);
        ContextConfig context = ContextConfig.from(file, source, warnings);
        SubagentConfig subagents = SubagentConfig.from(file, source, warnings);
        SandboxPolicy sandbox = SandboxConfig.from(file, managed.file() == null ? dev.tether.json.Json.object() : ConfigFile.load(managed.file()),
                env, paths, new SandboxConfig.Sources(source, managed.file() == null ? "the managed settings" : managed.file().toString()),
                warnings);
        warnings.addAll(OnceEach.schemaWarnings(fileWarnings, warnings));
        if (model.problem() != null) {
            log().warn("{}", model.problem());
        }
        for (ConfigWarning warning : warnings) {
            log().warn("{}", warning.text());
        }
        // --strict-mcp-config keeps only the command line's servers: not the editor's, not the config file's.
        McpConfig.Declared declared = (flags.strict() ? McpConfig.Declared.NONE : user).then(flags.servers());
        McpSettings.Sources sources = new McpSettings.Sources(user, paths.configFile().toString(), flags.servers(), managed,
                approval, warnings);
        McpSettings mcp = new McpSettings(declared.then(managed.servers()), flags.strict(), mcpRuntime,
                file.path("oauth").path("rememberSignIns").asBoolean(false), sources);
        return new TetherSettings(paths, env, model, tools, mcp, secrets,
                NetworkConfig.from(file, env, paths.configDir()), context, permissions(file, paths, managed),
                sandbox, subagents);
    }

    /** The permission rules of the config file and the managed settings; what they get wrong is logged once, here. */
    private static PermissionSettings permissions(JsonNode file, TetherPaths paths, ManagedPolicy managed) {
        PermissionSettings permissions = PermissionSettings.read(file, paths.configFile(), managed.file());
        permissions.warnings().forEach(w -> log().warn("{}", w));
        return permissions;
    }

    /**
     * The config file's own servers, for {@code tether mcp}: there a broken declaration fails the
     * command, since the user asked about exactly these servers.
     */
    public static McpConfig.Declared userServers(TetherPaths paths) throws McpConfig.InvalidConfig {
        JsonNode file = ConfigFile.load(paths.configFile());
        return file.has("mcpServers") ? McpConfig.parse(file, paths.configDir(), paths.configFile().toString()) : McpConfig.Declared.NONE;
    }

    /**
     * The model settings as they are on disk now: the config file and the key {@code tether login}
     * stored are read again (after a login in a terminal, a running agent finds the new key).
     */
    public static TetherSettings.Model model(TetherPaths paths, Map<String, String> env) {
        return model(env, ConfigFile.load(paths.configFile()), StoredCredentials.read(StoredCredentials.file(paths)), paths);
    }

    /** Where the key of {@code provider} comes from (the variable, the config file's key, or tether login's file), or null. */
    public static String keyOrigin(TetherPaths paths, Map<String, String> env, String provider) {
        return ProviderConfig.keyOrigin(env, ConfigFile.load(paths.configFile()), StoredCredentials.read(StoredCredentials.file(paths)),
                paths.configFile(), provider);
    }

    private static TetherSettings.Model model(Map<String, String> env, JsonNode file, JsonNode stored, TetherPaths paths) {
        try {
            ProviderConfig.Resolved resolved = ProviderConfig.resolve(env, file, stored, paths.configFile());
            return new TetherSettings.Model(resolved.settings(), null, resolved.warnings());
        } catch (ProviderConfig.InvalidProvider e) {
            return new TetherSettings.Model(null, e.getMessage());
        }
    }

    /** A broken entry is a warning naming it, not a failed start: the config file's other servers still count. */
    private static McpConfig.Declared configuredServers(JsonNode file, TetherPaths paths, List<ConfigWarning> warnings) {
        if (!file.has("mcpServers")) {
            return McpConfig.Declared.NONE;
        }
        McpConfig.Parsed parsed = McpConfig.read(file, paths.configDir(), paths.configFile().toString(), McpServerSpec.Origin.USER_CONFIG);
        warnings.addAll(parsed.warnings());
        return parsed.declared();
    }
}
