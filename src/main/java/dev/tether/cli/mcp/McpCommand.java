package dev.tether.cli.mcp;

import dev.tether.cli.exit.ExitCode;
import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.McpConfig;
import dev.tether.config.sources.LocalServers;
import dev.tether.config.sources.McpSource;
import dev.tether.config.sources.McpSources;
import dev.tether.config.sources.ProjectChoices;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.ledger.FileTokenStore;
import dev.tether.mcp.auth.ledger.LedgerException;
import dev.tether.mcp.auth.ledger.ServerRecords;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.auth.prompt.BrowserLauncher;
import dev.tether.mcp.auth.prompt.TerminalAuthorizationPrompt;
import dev.tether.mcp.transport.VariableExpansion;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether mcp}: dispatches {@code add}, {@code add-json}, {@code remove}, {@code enable},
 * {@code disable} ({@link McpEditCommand}), {@code list}, {@code get} ({@link McpListCommand}),
 * {@code approve}, {@code reject}, {@code reset-project-choices} ({@link ProjectChoicesCommand}),
 * {@code rebind} ({@link RebindCommand}), and
 * runs {@code login <server> | logout [server] | status [server]} itself: OAuth sign-in for the
 * HTTP servers of the config file, kept in the host ledger ({@link FileTokenStore#hostLedger}).
 * This is a command for a person at a terminal, so results go to stdout and errors to stderr;
 * no token is ever printed. ACP sessions never read what it stores.
 */
public final class McpCommand {
    /** Signs in to one server and stores the result; implemented by the OAuth core. */
    @FunctionalInterface
    public interface Authorizer {
        void login(String server, McpServerSpec.Http spec, AuthorizationPrompt.Factory prompts, TokenStore store) throws AuthException;
    }

    static final String USAGE = """
            usage: tether mcp <command>
              add [--transport stdio|http|sse|ws] [--scope local|project|user] [-e KEY=VALUE]... [-H "Name: value"]...
                  <name> -- <command> [args...]   |   <name> <url>
              add-json [--scope local|project|user] <name> '<json>'
              list [--json] [--check]     get [--json] <name>
              remove [--scope local|project|user] <name>
              enable [--scope ...] <name>     disable [--scope ...] <name>
              approve <name> | reject <name> | reset-project-choices
              rebind <name>
              login <server> | logout [server] | status [--json] [server]""";

    private McpCommand() {}

    /** Runs {@code tether mcp …} in the current directory, signing in with the OAuth core ({@link OAuthLogin}). */
    public static int run(String[] args, OutputStream out, PrintStream err, Map<String, String> env) {
        return run(args, new PrintStream(out, true, StandardCharsets.UTF_8), err, env, new OAuthLogin(env), Path.of("").toAbsolutePath());
    }

    /** @param authorizer the OAuth core, or null when this build has none */
    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, Authorizer authorizer) {
        return run(args, out, err, env, authorizer, Path.of("").toAbsolutePath());
    }

    /** @param workingDir the project of {@code approve}, {@code reject} and {@code reset-project-choices} */
    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, Authorizer authorizer, Path workingDir) {
        if (args.length > 0 && ProjectChoicesCommand.handles(args[0])) {
            return ProjectChoicesCommand.run(args, out, err, env, workingDir);
        }
        if (args.length > 0 && RebindCommand.handles(args[0])) {
            return RebindCommand.run(args, out, err, env);
        }
        if (args.length > 0 && McpEditCommand.handles(args[0])) {
            return new McpEditCommand(out, err, env, workingDir).run(args);
        }
        if (args.length > 0 && McpListCommand.handles(args[0])) {
            return new McpListCommand(out, err, env, workingDir).run(args);
        }
        boolean json = args.length > 0 && args[0].equals("status") && List.of(args).contains("--json");
        if (json) {
            args = Arrays.stream(args).filter(a -> !a.equals("--json")).toArray(String[]::new);
        }
        if (args.length == 0 || args.length > 2 || !List.of("login", "logout", "status").contains(args[0])) {
            err.println(USAGE);
            return ExitCode.USAGE.code();
        }
        String server = args.length == 2 ? args[1] : null;
        TetherPaths paths = TetherPaths.from(env);
        List<McpServerSpec> servers;
        try {
            servers = servers(paths, env, workingDir);
        } catch (McpConfig.InvalidConfig e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.USAGE.code();
        }
        Optional<McpServerSpec.Http> named = Optional.empty();
        if (server != null) {
            Optional<McpServerSpec> found = servers.stream().filter(s -> s.name().equals(server)).findFirst();
            if (found.isEmpty()) {
                err.println("tether: no MCP server named \"" + server + "\" in " + paths.configFile() + " or the local scope of "
                        + dev.tether.config.sources.ProjectChoices.projectKey(workingDir));
                return ExitCode.USAGE.code();
            }
            if (!(found.get() instanceof McpServerSpec.Http http)) {
                err.println("tether: MCP server \"" + server + "\" is not an HTTP server; OAuth sign-in is for HTTP servers");
                return ExitCode.USAGE.code();
            }
            named = Optional.of(http);
        }
        FileTokenStore ledger = FileTokenStore.hostLedger(paths.stateDir());
        try {
            return switch (args[0]) {
                case "login" -> login(named, ledger, authorizer, out, err, env);
                case "logout" -> logout(named, ledger, out);
                default -> status(named.<List<McpServerSpec.Http>>map(List::of).orElseGet(() -> http(servers)), ledger, paths, json, out);
            };
        } catch (LedgerException e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
    }

    private static int login(Optional<McpServerSpec.Http> server, FileTokenStore ledger, Authorizer authorizer,
                             PrintStream out, PrintStream err, Map<String, String> env) {
        if (server.isEmpty()) {
            err.println("usage: tether mcp login <server>");
            return ExitCode.USAGE.code();
        }
        if (authorizer == null) {
            err.println("tether: OAuth login is not available in this build");
            return ExitCode.USAGE.code();
        }
        String name = server.get().name();
        try {
            authorizer.login(name, server.get(), TerminalAuthorizationPrompt.factory(err, BrowserLauncher.system(env)), ledger);
        } catch (AuthException e) {
            err.println("tether: sign-in to " + name + " failed: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
        out.println("Signed in to " + name + ".");
        return ExitCode.OK.code();
    }

    private static int logout(Optional<McpServerSpec.Http> server, FileTokenStore ledger, PrintStream out) {
        if (server.isEmpty()) {
            List<String> all = ledger.keys();
            ledger.deleteAll(all);
            out.println(all.isEmpty() ? "Nothing to sign out of: the ledger is empty."
                    : "Signed out of every server (" + records(all.size()) + " removed from " + ledger.file() + ").");
            return ExitCode.OK.code();
        }
        String name = server.get().name();
        List<String> keys = ServerRecords.keysFor(ledger, server.get().url());
        ledger.deleteAll(keys);
        out.println(keys.isEmpty() ? name + " was not signed in." : "Signed out of " + name + " (" + records(keys.size()) + " removed).");
        return ExitCode.OK.code();
    }

    private static int status(List<McpServerSpec.Http> servers, FileTokenStore ledger, TetherPaths paths, boolean json, PrintStream out) {
        if (json) {
            ObjectNode root = Json.object();
            ArrayNode list = root.putArray("servers");
            for (McpServerSpec.Http server : servers) {
                list.addObject().put("name", server.name()).put("url", shown(server.url()))
                        .put("signedIn", !ServerRecords.keysFor(ledger, server.url()).isEmpty());
            }
            out.println(Json.write(root));
            return ExitCode.OK.code();
        }
        if (servers.isEmpty()) {
            out.println("No HTTP MCP servers in " + paths.configFile() + " or the local scope of this directory.");
            return ExitCode.OK.code();
        }
        int nameWidth = servers.stream().mapToInt(s -> s.name().length()).max().orElse(0);
        int urlWidth = servers.stream().mapToInt(s -> shown(s.url()).length()).max().orElse(0);
        for (McpServerSpec.Http server : servers) {
            boolean signedIn = !ServerRecords.keysFor(ledger, server.url()).isEmpty();
            out.println(pad(server.name(), nameWidth) + "  " + pad(shown(server.url()), urlWidth) + "  "
                    + (signedIn ? "signed in" : "not signed in"));
        }
        return ExitCode.OK.code();
    }

    /**
     * The user's own servers: the config file's, then the local scope's of {@code workingDir} (which
     * win by name, as in a session), then the project's {@code .mcp.json} servers the user approved
     * for this project (a session here starts them too), with {@code ${VAR}} expanded as a session would.
     */
    private static List<McpServerSpec> servers(TetherPaths paths, Map<String, String> env, Path workingDir)
            throws McpConfig.InvalidConfig {
        Map<String, McpServerSpec> byName = new java.util.LinkedHashMap<>();
        SettingsLoader.userServers(paths).servers().forEach(spec -> byName.put(spec.name(), spec));
        LocalServers.in(paths).read(workingDir).declared().servers().forEach(spec -> {
            byName.remove(spec.name());
            byName.put(spec.name(), spec);
        });
        TetherSettings settings = SettingsLoader.load(new String[0], env, workingDir);
        new McpSources(settings.mcp(), ProjectChoices.in(paths), ProcessSecrets.of(settings).withoutSecretValues(env))
                .resolve(workingDir, List.of()).entries().stream()
                .filter(e -> e.source() == McpSource.WORKSPACE && e.status() == McpSources.Status.START)
                .forEach(e -> byName.putIfAbsent(e.name(), e.spec()));
        return byName.values().stream().map(spec -> VariableExpansion.expand(spec, env).spec()).toList();
    }

    private static List<McpServerSpec.Http> http(List<McpServerSpec> servers) {
        return servers.stream().filter(McpServerSpec.Http.class::isInstance).map(McpServerSpec.Http.class::cast).toList();
    }

    /** Scheme, host, port and path: a query or user info in a config URL may hold a secret. */
    private static String shown(String url) {
        try {
            URI uri = URI.create(url);
            return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort())
                    + Optional.ofNullable(uri.getRawPath()).orElse("");
        } catch (IllegalArgumentException e) {
            return "(invalid URL)";
        }
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }

    private static String records(int n) {
        return n == 1 ? "1 record" : n + " records";
    }
}
