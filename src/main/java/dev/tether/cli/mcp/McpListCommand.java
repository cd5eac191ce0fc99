package dev.tether.cli.mcp;

import dev.tether.cli.exit.ExitCode;
import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.sources.McpSources;
import dev.tether.config.sources.ProjectChoices;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether mcp list [--json] [--check]} and {@code tether mcp get [--json] <name>}: the servers a
 * session started in the current directory would get from the sources Tether reads at a terminal
 * (the {@code .mcp.json} files, the user config, the local scope and the managed settings — not the
 * editor's), with the same precedence, policy and approvals ({@link McpSources}). {@code get} of an
 * unknown name exits 1.
 */
final class McpListCommand {
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final Path workingDir;

    McpListCommand(PrintStream out, PrintStream err, Map<String, String> env, Path workingDir) {
        this.out = out;
        this.err = err;
        this.env = env;
        this.workingDir = workingDir;
    }

    static boolean handles(String verb) {
        return verb.equals("list") || verb.equals("get");
    }

    int run(String[] args) {
        CliArgs parsed;
        try {
            parsed = CliArgs.parse(args, false);
            boolean get = args[0].equals("get");
            if (parsed.transport() != null || parsed.scopeText() != null || !parsed.env().isEmpty() || !parsed.headers().isEmpty()
                    || !parsed.command().isEmpty() || parsed.positionals().size() != (get ? 1 : 0) || get && parsed.check()) {
                throw new CliArgs.Usage(get ? "get takes one server name" : "list takes no arguments");
            }
        } catch (CliArgs.Usage e) {
            err.println("tether: " + e.getMessage());
            err.println("usage: tether mcp list [--json] [--check] | get [--json] <name>");
            return ExitCode.USAGE.code();
        }
        TetherSettings settings = SettingsLoader.load(new String[0], env, workingDir);
        McpSources sources = new McpSources(settings.mcp(), ProjectChoices.in(settings.paths()),
                ProcessSecrets.of(settings).withoutSecretValues(settings.environment()));
        McpSources.Resolution resolution = sources.resolve(workingDir, List.of());
        return args[0].equals("get") ? get(resolution, parsed) : list(resolution, parsed, settings);
    }

    private int list(McpSources.Resolution resolution, CliArgs args, TetherSettings settings) {
        Map<String, ConnectCheck.Result> checked = args.check()
                ? ConnectCheck.run(resolution.started(), settings, workingDir) : Map.of();
        if (args.json()) {
            ObjectNode root = Json.object();
            ArrayNode servers = root.putArray("servers");
            for (McpSources.Entry entry : resolution.entries()) {
                ObjectNode node = ServerView.summary(entry);
                if (args.check()) {
                    ConnectCheck.Result result = checked.get(entry.name());
                    node.set("connection", result == null ? null : result.json());
                }
                servers.add(node);
            }
            root.set("warnings", Json.tree(resolution.warnings().stream().map(ConfigWarning::text).toList()));
            out.println(Json.write(root));
            return ExitCode.OK.code();
        }
        if (resolution.entries().isEmpty()) {
            out.println("No MCP servers for " + ProjectChoices.projectKey(workingDir) + ". Add one with `tether mcp add`.");
        }
        int name = width(resolution, e -> e.name());
        int scope = width(resolution, e -> ServerView.scope(e.source()));
        int type = width(resolution, e -> String.valueOf(ServerView.type(e.spec())));
        for (McpSources.Entry entry : resolution.entries()) {
            String status = ServerView.label(ServerView.status(entry));
            ConnectCheck.Result result = checked.get(entry.name());
            if (result != null) {
                status += ", " + result.text();
            }
            out.println(pad(entry.name(), name) + "  " + pad(ServerView.scope(entry.source()), scope) + "  "
                    + pad(entry.spec() == null ? "-" : ServerView.type(entry.spec()), type) + "  " + ServerView.target(entry.spec())
                    + "  — " + status);
            out.println("    " + (entry.file() == null ? "" : entry.file()) + (entry.why() == null ? "" : ": " + entry.why()));
        }
        for (ConfigWarning warning : resolution.warnings()) {
            out.println("warning: " + warning.text());
        }
        return ExitCode.OK.code();
    }

    private int get(McpSources.Resolution resolution, CliArgs args) {
        String name = args.positionals().getFirst();
        Optional<McpSources.Entry> found = resolution.entries().stream().filter(e -> e.name().equals(name)).findFirst();
        if (found.isEmpty()) {
            err.println("tether: no MCP server named \"" + name + "\" for " + ProjectChoices.projectKey(workingDir)
                    + "; `tether mcp list` shows them all");
            return ExitCode.FAILURE.code();
        }
        McpSources.Entry entry = found.get();
        ObjectNode view = ServerView.full(entry);
        if (args.json()) {
            out.println(Json.write(view));
            return ExitCode.OK.code();
        }
        out.println(name + ":");
        out.println("  Scope: " + ServerView.scope(entry.source()) + (entry.file() == null ? "" : " (" + entry.file() + ")"));
        out.println("  Status: " + ServerView.label(ServerView.status(entry)) + (entry.why() == null ? "" : " — " + entry.why()));
        if (entry.spec() != null) {
            out.println("  Type: " + ServerView.type(entry.spec()));
        }
        switch (entry.spec()) {
            case McpServerSpec.Stdio s -> {
                out.println("  Command: " + s.command());
                out.println("  Args: " + String.join(" ", s.args()));
                if (s.cwd() != null) {
                    out.println("  Working directory: " + s.cwd());
                }
                printMap("  Environment:", view.path("env"), "=");
            }
            case null -> { }
            default -> {
                out.println("  URL: " + view.path("url").asString());
                printMap("  Headers:", view.path("headers"), ": ");
            }
        }
        boolean here = entry.source() != dev.tether.config.sources.McpSource.WORKSPACE
                || dev.tether.base.git.ProjectRoot.of(workingDir).resolve(dev.tether.config.sources.WorkspaceMcpFiles.FILE_NAME).toString()
                        .equals(entry.file());
        if (ScopeFile.Scope.of(entry.source()) != null && here) {
            out.println("  To remove it: tether mcp remove --scope " + ScopeFile.Scope.of(entry.source()).label() + " " + name);
        }
        return ExitCode.OK.code();
    }

    private void printMap(String title, tools.jackson.databind.JsonNode values, String separator) {
        if (values.isEmpty()) {
            return;
        }
        out.println(title);
        for (var field : values.properties()) {
            out.println("    " + field.getKey() + separator + field.getValue().asString());
        }
    }

    private static int width(McpSources.Resolution resolution, java.util.function.Function<McpSources.Entry, String> column) {
        return resolution.entries().stream().mapToInt(e -> column.apply(e).length()).max().orElse(0);
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }
}
