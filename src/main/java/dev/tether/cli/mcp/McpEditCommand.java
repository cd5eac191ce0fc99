package dev.tether.cli.mcp;

import dev.tether.base.git.ProjectRoot;
import dev.tether.cli.exit.ExitCode;
import dev.tether.cli.mcp.ScopeFile.Scope;
import dev.tether.config.files.JsonFiles;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.McpConfig;
import dev.tether.config.sources.ProjectChoices;
import dev.tether.config.sources.ServerFingerprint;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether mcp add | add-json | remove | enable | disable}: edits the {@code mcpServers} of one
 * scope ({@link ScopeFile}). Exit codes: 0 done, 1 not found or a conflict (the message says what
 * to do) or a file that cannot be read or written, 2 a usage error or an invalid entry. Nothing is
 * written unless the whole command is valid.
 */
final class McpEditCommand {
    static final String ADD_USAGE = "usage: tether mcp add [--transport stdio|http|sse|ws] [--scope local|project|user] [-e KEY=VALUE]..."
            + " [-H \"Name: value\"]... <name> -- <command> [args...]  |  ... <name> <url>";
    static final String ADD_JSON_USAGE = "usage: tether mcp add-json [--scope local|project|user] <name> '<json>'";

    private final PrintStream out;
    private final PrintStream err;
    private final TetherPaths paths;
    private final Path workingDir;

    McpEditCommand(PrintStream out, PrintStream err, Map<String, String> env, Path workingDir) {
        this.out = out;
        this.err = err;
        this.paths = TetherPaths.from(env);
        this.workingDir = workingDir;
    }

    static boolean handles(String verb) {
        return List.of("add", "add-json", "remove", "enable", "disable").contains(verb);
    }

    int run(String[] args) {
        String verb = args[0];
        try {
            CliArgs parsed = CliArgs.parse(args, verb.equals("add"));
            return switch (verb) {
                case "add" -> add(parsed);
                case "add-json" -> addJson(parsed);
                case "remove" -> remove(parsed);
                default -> toggle(parsed, verb.equals("disable"));
            };
        } catch (CliArgs.Usage e) {
            err.println("tether: " + e.getMessage());
            err.println(switch (verb) {
                case "add" -> ADD_USAGE;
                case "add-json" -> ADD_JSON_USAGE;
                default -> "usage: tether mcp " + verb + " [--scope local|project|user] <name>";
            });
            return ExitCode.USAGE.code();
        } catch (ServerEntry.Invalid e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.USAGE.code();
        } catch (JsonFiles.EditException e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
    }

    private int add(CliArgs args) throws CliArgs.Usage, ServerEntry.Invalid, JsonFiles.EditException {
        if (args.positionals().isEmpty()) {
            throw new CliArgs.Usage("add needs a server name");
        }
        String name = args.positionals().getFirst();
        ServerEntry.checkName(name);
        List<String> target = new ArrayList<>(args.positionals().subList(1, args.positionals().size()));
        target.addAll(args.command());
        if (target.isEmpty()) {
            throw new CliArgs.Usage("add needs the server's command (after --) or its URL");
        }
        String transport = args.transport();
        if (transport == null) {
            boolean url = target.size() == 1 && args.command().isEmpty() && ServerEntry.looksLikeUrl(target.getFirst());
            transport = url ? (target.getFirst().toLowerCase(java.util.Locale.ROOT).startsWith("ws") ? "ws" : "http") : "stdio";
        }
        ObjectNode entry;
        if (transport.equals("stdio")) {
            if (args.command().isEmpty() && target.size() == 1 && ServerEntry.looksLikeUrl(target.getFirst())) {
                // As a URL after -t sse is refused as a command: this is an address, not a program to run.
                throw new CliArgs.Usage("a stdio server takes a command to run (after --), not a URL; for a server at "
                        + target.getFirst() + " use -t http (or leave -t out)");
            }
            if (!args.headers().isEmpty()) {
                throw new CliArgs.Usage("-H is for http, sse and ws servers; a stdio server takes -e KEY=VALUE");
            }
            entry = ServerEntry.stdio(target.getFirst(), target.subList(1, target.size()), args.env());
        } else {
            if (target.size() != 1 || !args.command().isEmpty()) {
                throw new CliArgs.Usage("a " + transport + " server takes one URL, not a command");
            }
            if (!args.env().isEmpty()) {
                throw new CliArgs.Usage("-e is for stdio servers; a " + transport + " server takes -H \"Name: value\"");
            }
            entry = ServerEntry.tidy(ServerEntry.remote(transport, target.getFirst(), args.headers()));
        }
        return write(args.scope(Scope.LOCAL), name, entry);
    }

    private int addJson(CliArgs args) throws CliArgs.Usage, ServerEntry.Invalid, JsonFiles.EditException {
        if (args.positionals().size() != 2 || !args.command().isEmpty() || args.transport() != null || !args.env().isEmpty()
                || !args.headers().isEmpty()) {
            throw new CliArgs.Usage("add-json takes a name and one JSON object");
        }
        String name = args.positionals().getFirst();
        ServerEntry.checkName(name);
        JsonNode entry;
        try {
            entry = Json.parse(args.positionals().get(1));
        } catch (JacksonException e) {
            throw new ServerEntry.Invalid("the server's JSON is not valid JSON"
                    + (e.getLocation() == null ? "" : " (column " + e.getLocation().getColumnNr() + ")"));
        }
        if (!(entry instanceof ObjectNode object)) {
            throw new ServerEntry.Invalid("the server's JSON must be an object such as {\"type\": \"http\", \"url\": \"https://…\"}");
        }
        Scope scope = args.scope(Scope.LOCAL);
        ServerEntry.check(name, object, workingDir);
        ObjectNode wrapper = Json.object();
        wrapper.putObject("mcpServers").set(name, object);
        if (scope != Scope.USER && !McpConfig.read(wrapper, workingDir, "the entry", McpServerSpec.Origin.USER_CONFIG)
                .declared().policies().isEmpty()) {
            throw new ServerEntry.Invalid("policy keys (toolHints, sampling, tasks, oauth, …) are read only from the user config;"
                    + " add the server with --scope user, or add the policy there");
        }
        return write(scope, name, object);
    }

    private int write(Scope scope, String name, ObjectNode given) throws ServerEntry.Invalid, JsonFiles.EditException {
        ObjectNode entry = scope == Scope.LOCAL ? absoluteCwd(given) : given;
        ServerEntry.check(name, entry, base(scope));
        ScopeFile file = ScopeFile.open(scope, paths, workingDir);
        if (file.entry(name) != null) {
            err.println("tether: an MCP server named \"" + name + "\" already exists in the " + scope.label() + " scope (" + file.where()
                    + "); remove it first with `tether mcp remove --scope " + scope.label() + " " + name + "`, or pick another name");
            return ExitCode.FAILURE.code();
        }
        file.put(name, entry);
        file.save();
        out.println("Added " + entry.path("type").asString("stdio") + " MCP server \"" + name + "\" to the " + scope.label()
                + " scope: " + file.where());
        if (scope == Scope.PROJECT) {
            approveOwnEntry(name, entry);
        }
        return ExitCode.OK.code();
    }

    /**
     * The directory a relative {@code cwd} of the scope's entries resolves against: the project's
     * {@code .mcp.json} lies at its root; the other scopes' entries name the directory they were added in.
     */
    private Path base(Scope scope) {
        return scope == Scope.PROJECT ? ProjectRoot.of(workingDir) : workingDir;
    }

    /**
     * A local server is kept for the whole project, so a relative {@code cwd} typed in a
     * subdirectory is made absolute against it rather than left to resolve against the root.
     */
    private ObjectNode absoluteCwd(ObjectNode entry) {
        if (!entry.path("cwd").isString()) {
            return entry;
        }
        try {
            Path cwd = Path.of(entry.path("cwd").asString());
            return cwd.isAbsolute() ? entry : entry.deepCopy().put("cwd", workingDir.toAbsolutePath().resolve(cwd).normalize().toString());
        } catch (java.nio.file.InvalidPathException e) {
            return entry;
        }
    }

    /** A server the user just added to the project's .mcp.json at their own terminal needs no second question. */
    private void approveOwnEntry(String name, ObjectNode entry) {
        ObjectNode wrapper = Json.object();
        wrapper.putObject("mcpServers").set(name, entry);
        McpConfig.Declared declared = McpConfig.read(wrapper, base(Scope.PROJECT), "", McpServerSpec.Origin.WORKSPACE).declared();
        if (declared.servers().isEmpty()) {
            return;
        }
        try {
            ProjectChoices.in(paths).record(workingDir, name, ProjectChoices.Decision.ALLOW, ServerFingerprint.of(declared.servers().getFirst()));
            out.println("Approved for " + ProjectChoices.projectKey(workingDir) + " since you added it; others who open the project are asked.");
        } catch (ProjectChoices.StoreException e) {
            err.println("tether: the server was added but could not be approved: " + e.getMessage());
        }
    }

    private int remove(CliArgs args) throws CliArgs.Usage, JsonFiles.EditException {
        String name = onlyName(args, "remove");
        List<ScopeFile> found = declaring(args, name);
        if (found.isEmpty()) {
            err.println("tether: no MCP server named \"" + name + "\" in " + scopesLooked(args) + "; `tether mcp list` shows them all");
            return ExitCode.FAILURE.code();
        }
        if (found.size() > 1) {
            err.println("tether: \"" + name + "\" exists in several scopes (" + String.join(", ", found.stream().map(f -> f.scope().label())
                    .toList()) + "); say which with --scope, e.g. `tether mcp remove --scope " + found.getFirst().scope().label() + " "
                    + name + "`");
            return ExitCode.FAILURE.code();
        }
        ScopeFile file = found.getFirst();
        file.remove(name);
        file.save();
        out.println("Removed MCP server \"" + name + "\" from the " + file.scope().label() + " scope: " + file.where());
        return ExitCode.OK.code();
    }

    /** Sets or clears {@code "disabled": true} on the entry of the winning scope (or every scope, for enable). */
    private int toggle(CliArgs args, boolean disable) throws CliArgs.Usage, JsonFiles.EditException {
        String name = onlyName(args, disable ? "disable" : "enable");
        List<ScopeFile> found = declaring(args, name);
        if (disable) {
            ScopeFile file = found.isEmpty() && args.scopeOrNull() == null ? ScopeFile.open(Scope.USER, paths, workingDir)
                    : found.isEmpty() ? null : found.getFirst();
            if (file == null || file.scope() == Scope.PROJECT && file.entry(name) == null) {
                err.println("tether: no MCP server named \"" + name + "\" in " + scopesLooked(args));
                return ExitCode.FAILURE.code();
            }
            ObjectNode entry = file.entry(name);
            if (entry == null) {
                file.put(name, Json.object().put("disabled", true));
                out.println("Disabled \"" + name + "\" wherever it is declared (the editor's too): " + file.where());
            } else {
                entry.put("disabled", true);
                out.println("Disabled MCP server \"" + name + "\" in the " + file.scope().label() + " scope: " + file.where());
            }
            file.save();
            return ExitCode.OK.code();
        }
        if (found.isEmpty()) {
            err.println("tether: no MCP server named \"" + name + "\" in " + scopesLooked(args));
            return ExitCode.FAILURE.code();
        }
        int changed = 0;
        for (ScopeFile file : found) {
            ObjectNode entry = file.entry(name);
            if (entry.path("disabled").asBoolean(false)) {
                entry.remove("disabled");
                if (entry.isEmpty()) {
                    file.remove(name);
                }
                file.save();
                changed++;
                out.println("Enabled MCP server \"" + name + "\" in the " + file.scope().label() + " scope: " + file.where());
            }
        }
        if (changed == 0) {
            out.println("\"" + name + "\" is not disabled in " + scopesLooked(args) + ".");
        }
        return ExitCode.OK.code();
    }

    private static String onlyName(CliArgs args, String verb) throws CliArgs.Usage {
        if (args.positionals().size() != 1 || !args.command().isEmpty() || args.transport() != null || !args.env().isEmpty()
                || !args.headers().isEmpty()) {
            throw new CliArgs.Usage(verb + " takes one server name");
        }
        return args.positionals().getFirst();
    }

    /** The scopes whose file has an entry for {@code name}: the one given, or all three, the winner first. */
    private List<ScopeFile> declaring(CliArgs args, String name) throws CliArgs.Usage, JsonFiles.EditException {
        List<ScopeFile> found = new ArrayList<>();
        List<Scope> scopes = args.scopeOrNull() == null ? List.of(Scope.LOCAL, Scope.USER, Scope.PROJECT) : List.of(args.scopeOrNull());
        // A broken file of another scope never blocks a command about this one: it is named, and skipped.
        List<JsonFiles.EditException> unreadable = new ArrayList<>();
        for (Scope scope : scopes) {
            try {
                ScopeFile file = ScopeFile.open(scope, paths, workingDir);
                if (file.entry(name) != null) {
                    found.add(file);
                }
            } catch (JsonFiles.EditException e) {
                if (scopes.size() == 1) {
                    throw e;
                }
                unreadable.add(e);
            }
        }
        if (found.isEmpty() && !unreadable.isEmpty()) {
            throw unreadable.getFirst();
        }
        unreadable.forEach(e -> err.println("warning: " + e.getMessage() + " (not looked in for \"" + name + "\")"));
        return found;
    }

    private String scopesLooked(CliArgs args) throws CliArgs.Usage {
        Scope scope = args.scopeOrNull();
        return scope == null ? "the local, user or project scope of " + ProjectChoices.projectKey(workingDir)
                : "the " + scope.label() + " scope (" + (scope == Scope.USER ? paths.configFile().toString()
                : scope == Scope.PROJECT ? base(Scope.PROJECT).resolve(".mcp.json").toString() : ProjectChoices.projectKey(workingDir)) + ")";
    }
}
