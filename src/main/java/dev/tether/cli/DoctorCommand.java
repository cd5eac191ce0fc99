package dev.tether.cli;

import dev.tether.cli.exit.ExitCode;
import dev.tether.cli.mcp.ConnectCheck;
import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.sources.McpSources;
import dev.tether.config.sources.ProjectChoices;
import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ProviderSelection;
import dev.tether.model.ProviderSettings;
import dev.tether.model.scripted.ScriptedProvider;
import dev.tether.tools.sandbox.BwrapProbe;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether doctor [--check] [--json]}: what Tether would run with here, and everything wrong
 * with it — the Java runtime and start-up cache, the model provider and where its key comes from,
 * the config file and its warnings, the MCP servers of this project (with {@code --check}, each one
 * connected to), the log file. Exit 0 only when nothing is wrong, 1 when something is, 2 for a
 * usage error.
 */
final class DoctorCommand {
    private DoctorCommand() {}

    /** One line of the report: a topic, whether it is fine, what was found. */
    record Finding(String topic, boolean ok, String text) {}

    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, Path workingDir) {
        boolean json = false;
        boolean check = false;
        for (String arg : args) {
            switch (arg) {
                case "--json" -> json = true;
                case "--check" -> check = true;
                default -> {
                    err.println("tether: doctor: unknown option \"" + arg + "\"");
                    err.println("usage: tether doctor [--check] [--json]");
                    return ExitCode.USAGE.code();
                }
            }
        }
        TetherSettings settings = SettingsLoader.load(new String[0], env, workingDir);
        List<Finding> findings = new ArrayList<>();
        java(findings);
        provider(settings, env, findings);
        config(settings, findings);
        servers(settings, workingDir, check, findings);
        sandbox(settings.sandbox(), findings);
        findings.add(new Finding("log file", true, LogFile.path(settings.paths().stateDir()).toString()));
        boolean healthy = findings.stream().allMatch(Finding::ok);
        if (json) {
            ObjectNode root = Json.object().put("ok", healthy);
            ArrayNode list = root.putArray("findings");
            findings.forEach(f -> list.add(Json.object().put("topic", f.topic()).put("ok", f.ok()).put("text", f.text())));
            out.println(Json.write(root));
        } else {
            findings.forEach(f -> out.println((f.ok() ? "ok    " : "FAIL  ") + f.topic() + ": " + f.text()));
            out.println(healthy ? "Nothing is wrong." : "Something is wrong: see the FAIL lines (docs/troubleshooting.md explains each message).");
        }
        return healthy ? ExitCode.OK.code() : ExitCode.FAILURE.code();
    }

    /**
     * The OS sandbox: the mode the settings give and whether bubblewrap works here (one trial run).
     * A mode set to confine commands that cannot run is a fault; with the default, auto mode asks
     * about each command instead, which is said but is not one.
     */
    private static void sandbox(SandboxPolicy policy, List<Finding> findings) {
        String mode = policy.mode() == null ? "workspace-write in auto mode, off otherwise (the default)"
                : policy.mode().id() + (policy.managed() ? " (managed settings)" : " (your settings)");
        if (policy.mode() == SandboxMode.OFF) {
            findings.add(new Finding("sandbox", true, mode + ": commands run with your full access"));
            return;
        }
        BwrapProbe.Result probe = BwrapProbe.run(policy.host().bwrap());
        if (probe.works()) {
            findings.add(new Finding("sandbox", true, mode + "; bubblewrap works (" + policy.host().bwrap() + "), network "
                    + (policy.network() ? "on" : "off")));
        } else {
            findings.add(new Finding("sandbox", policy.mode() == null, mode + "; not available: " + probe.why()
                    + (policy.mode() == null ? " (auto mode asks about each command instead)" : "")));
        }
    }

    private static void java(List<Finding> findings) {
        Runtime.Version version = Runtime.version();
        findings.add(new Finding("java", version.feature() >= 21, "Java " + version + " at " + System.getProperty("java.home")
                + (version.feature() >= 21 ? "" : " (Tether needs 21 or newer)")));
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        String cache = flags.stream().filter(f -> f.startsWith("-XX:AOTCache=") || f.startsWith("-XX:SharedArchiveFile="))
                .map(f -> f.substring(f.indexOf('=') + 1)).findFirst().orElse(null);
        findings.add(new Finding("start-up cache", true, cache == null ? "not in use (starts slower; the packages bring one)"
                : "in use: " + cache));
    }

    private static void provider(TetherSettings settings, Map<String, String> env, List<Finding> findings) {
        TetherSettings.Model model = settings.model();
        if (model.problem() != null) {
            findings.add(new Finding("model", false, model.problem()));
            return;
        }
        ProviderSettings provider = model.provider();
        String missing = ProviderSelection.missingCredentials(provider);
        if (missing != null) {
            findings.add(new Finding("model", false, missing));
            return;
        }
        if (ProviderSettings.SCRIPTED.equals(provider.provider()) && provider.scriptPath() != null) {
            try {
                ScriptedProvider.load(Path.of(provider.scriptPath())); // what the first prompt would read: the file and every line
            } catch (ModelException e) {
                findings.add(new Finding("model", false, e.getMessage()));
                return;
            }
        }
        String key = ProviderSettings.SCRIPTED.equals(provider.provider()) ? "script " + provider.scriptPath()
                : keyText(SettingsLoader.keyOrigin(settings.paths(), env, provider.provider()));
        findings.add(new Finding("model", true, provider.provider() + ", model " + provider.model() + ", " + key));
    }

    private static String keyText(String origin) {
        return origin == null ? "no key (a local server)" : "key from " + origin;
    }

    private static void config(TetherSettings settings, List<Finding> findings) {
        Path file = settings.paths().configFile();
        findings.add(new Finding("config file", true, Files.exists(file) ? file + " (read)" : file + " (none; defaults)"));
        for (ConfigWarning warning : settings.mcp().warnings()) {
            findings.add(new Finding("configuration", false, warning.text()));
        }
        // A rule Tether cannot read is ignored: the user meant it to allow or refuse something.
        for (String warning : settings.permissions().warnings()) {
            findings.add(new Finding("permission rules", false, warning));
        }
    }

    private static void servers(TetherSettings settings, Path workingDir, boolean check, List<Finding> findings) {
        McpSources sources = new McpSources(settings.mcp(), ProjectChoices.in(settings.paths()),
                ProcessSecrets.of(settings).withoutSecretValues(settings.environment()));
        McpSources.Resolution resolution = sources.resolve(workingDir, List.of());
        Map<String, ConnectCheck.Result> checked = check ? ConnectCheck.run(resolution.started(), settings, workingDir) : Map.of();
        // The project's .mcp.json files (and the local scope) have their own warnings; the config file's are listed above.
        for (ConfigWarning warning : resolution.warnings()) {
            if (!settings.mcp().warnings().contains(warning)) {
                findings.add(new Finding("mcp configuration", false, warning.text()));
            }
        }
        if (resolution.entries().isEmpty()) {
            findings.add(new Finding("mcp servers", true, "none for " + ProjectChoices.projectKey(workingDir)));
        }
        for (McpSources.Entry entry : resolution.entries()) {
            ConnectCheck.Result result = checked.get(entry.name());
            boolean ok = result == null || result.state().equals("connected");
            String state = entry.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                    + (entry.why() == null ? "" : " (" + entry.why() + ")") + (result == null ? "" : ", " + result.text());
            findings.add(new Finding("mcp server " + entry.name(), ok, state));
        }
    }
}
