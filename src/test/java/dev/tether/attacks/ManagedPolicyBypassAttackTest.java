package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelRequest;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.mcp.ChaosHttpMcpServer;
import dev.tether.testing.mcp.WebSocketMcpServer;
import dev.tether.testing.model.QueueModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 23, hole 4: the administrator's {@code allowedMcpServers}/{@code deniedMcpServers} compared
 * commands as written lists and URLs as raw strings, so another spelling of the same server walked
 * around them — {@code /usr/bin/env python3 /x/echo.py}, {@code python3 /x/./echo.py}, a symbolic
 * link, a {@code PYTHONPATH} in the server's {@code env}; {@code localhost}, {@code user@},
 * {@code :018081}, {@code [::ffff:127.0.0.1]} or {@code ?/} for a denied {@code 127.0.0.1}; a host
 * glob that reached into the path.
 *
 * <p>A table of (managed settings, the server the session gets, what the user sees), each row
 * through a real ACP {@code session/new} in an agent wired as {@code tether acp} is, from its
 * environment alone (config file, {@code TETHER_MANAGED_SETTINGS}, the real MCP launcher). "runs"
 * is a server that really started: its tool reaches the model and {@code /mcp} lists it ready.
 * "blocked" is what {@code /mcp} shows, with the reason, after a model request that would have
 * seen the server's tool had it started. Either way the session then answers a prompt. Stdio rows
 * run {@code conformance/fixtures/echo-mcp-server.py} with the machine's {@code python3}; URL rows
 * a streamable-HTTP server (and one WebSocket server) on 127.0.0.1. Rows with the same settings
 * share one agent (a session each), so the table costs a few seconds, not one agent start per row.
 */
class ManagedPolicyBypassAttackTest {
    @TempDir
    static Path dir;
    private static final Map<String, String> PLACES = new LinkedHashMap<>();
    private static final Map<String, Agent> AGENTS = new ConcurrentHashMap<>();
    private static ChaosHttpMcpServer http;
    private static WebSocketMcpServer ws;

    /** An agent of one settings pair, and its model (every prompt answered "ok"). */
    private record Agent(InProcessAgent agent, QueueModel model) {}

    /** Where the server comes from: the editor's {@code session/new}, or the user's config file. */
    private record Server(boolean editor, ObjectNode entry) {
        /** The same editor's stdio server with one more variable in its {@code env}. */
        Server env(String name, String value) {
            entry.withArray("env").addObject().put("name", name).put("value", value);
            return this;
        }
    }

    @BeforeAll
    static void machine() throws Exception {
        Path srv = Files.createDirectories(dir.resolve("srv"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path project = Files.createDirectories(dir.resolve("project"));
        Path other = Files.createDirectories(dir.resolve("other"));
        Path evil = Files.createDirectories(dir.resolve("evil"));
        Path evilBin = Files.createDirectories(dir.resolve("evil-bin"));
        Path python = python();
        Path fixture = Path.of(System.getProperty("tether.projectDir", System.getProperty("user.dir")))
                .resolve("conformance/fixtures/echo-mcp-server.py");
        for (Path copy : List.of(srv.resolve("echo.py"), srv.resolve("other.py"), project.resolve("echo.py"), other.resolve("echo.py"))) {
            Files.copy(fixture, copy);
        }
        Files.createSymbolicLink(bin.resolve("python3"), python);
        Files.createSymbolicLink(bin.resolve("py-link"), python);
        Files.createSymbolicLink(project.resolve("py"), python);
        Files.writeString(evil.resolve("sitecustomize.py"), "import sys\nsys.stderr.write('planted code ran\\n')\n");
        // Another program that answers to the same name: a wrapper of the real interpreter.
        Path fake = evilBin.resolve("python3");
        Files.writeString(fake, "#!/bin/sh\nexec " + python + " \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        http = new ChaosHttpMcpServer();
        ws = new WebSocketMcpServer();
        PLACES.put("$PY", python.toString());
        PLACES.put("$SRV", srv.toString());
        PLACES.put("$BIN", bin.toString());
        PLACES.put("$PROJ", project.toString());
        PLACES.put("$OTHER", other.toString());
        PLACES.put("$EVILBIN", evilBin.toString());
        PLACES.put("$EVIL", evil.toString());
        PLACES.put("$HTTP", http.url().replaceAll(".*:(\\d+)/mcp", "$1"));
        PLACES.put("$WS", ws.url().replaceAll(".*:(\\d+)/mcp", "$1"));
    }

    @AfterAll
    static void close() throws Exception {
        AGENTS.values().forEach(a -> a.agent().close());
        http.close();
        ws.close();
    }

    /** The interpreter {@code python3} names on this machine, as a real path (not a shim script). */
    private static Path python() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("python3", "-c", "import os, sys; print(os.path.realpath(sys.executable))")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), "these rows run a Python MCP server: python3 must be on PATH (" + out + ")");
        return Path.of(out);
    }

    static Stream<Arguments> table() {
        String echo = "$SRV/echo.py";
        String localDeny = deny(url("http://127.0.0.1:$HTTP/*"));
        String allowEcho = allow(cmd("python3", echo));
        String denyEcho = deny(cmd("python3", echo));
        return Stream.of(
                // --- URLs: another spelling of a denied address ---
                row("deny 127.0.0.1: localhost is the same machine", localDeny, httpServer("http://localhost:$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: user info is refused outright", localDeny, httpServer("http://user@127.0.0.1:$HTTP/mcp"), "blocked: user info"),
                row("deny 127.0.0.1: a port with a leading zero", localDeny, httpServer("http://127.0.0.1:0$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: an IPv4-mapped IPv6 address", localDeny, httpServer("http://[::ffff:127.0.0.1]:$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: the query trick ?/", localDeny, httpServer("http://127.0.0.1:$HTTP?/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: a decimal IPv4 address", localDeny, httpServer("http://2130706433:$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: zero-padded octets", localDeny, httpServer("http://127.000.000.001:$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: 0.0.0.0 reaches this machine too", localDeny, httpServer("http://0.0.0.0:$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: another loopback address", localDeny, httpServer("http://127.0.0.2:$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: upper-case scheme and host", localDeny, httpServer("HTTP://LOCALHOST:$HTTP/mcp"), "blocked: deniedMcpServers"),
                row("deny 127.0.0.1: a URL the JDK cannot read as an address", localDeny, httpServer("http://127.1:$HTTP/mcp"),
                        "blocked: cannot be read"),
                row("deny 127.0.0.1 over WebSocket: localhost", deny(url("ws://127.0.0.1:$WS/*")), configServer(wsEntry("ws://localhost:$WS/mcp")),
                        "blocked: deniedMcpServers"),
                row("deny a default port: the URL leaves it out", deny(url("http://127.0.0.1:80/*")), httpServer("http://127.0.0.1/mcp"),
                        "blocked: deniedMcpServers"),
                row("deny a path: .. climbs back into it", deny(url("http://127.0.0.1:$HTTP/admin/*")),
                        httpServer("http://127.0.0.1:$HTTP/public/../admin/mcp"), "blocked: deniedMcpServers"),
                row("deny a path: percent-encoded letters", deny(url("http://127.0.0.1:$HTTP/admin/*")),
                        httpServer("http://127.0.0.1:$HTTP/%61dmin/mcp"), "blocked: deniedMcpServers"),
                row("deny a path: another path still runs", deny(url("http://127.0.0.1:$HTTP/admin/*")),
                        httpServer("http://127.0.0.1:$HTTP/public/mcp"), "runs"),
                row("deny an IDNA host written in Unicode: its ASCII form", deny(url("http://BÜCHER.test/*")),
                        httpServer("http://xn--bcher-kva.test/mcp"), "blocked: deniedMcpServers"),
                row("deny an IDNA host: a URL written in Unicode cannot be read, so it is blocked", deny(url("http://xn--bcher-kva.test/*")),
                        httpServer("http://BÜCHER.test/mcp"), "blocked: cannot be read"),
                row("deny a host glob: it never reaches into the path", deny(url("http://*.evil.test/*")),
                        httpServer("http://127.0.0.1:$HTTP/x.evil.test/mcp"), "runs"),
                row("deny a host glob: it covers deeper subdomains", deny(url("http://*.evil.test/*")),
                        httpServer("http://a.b.evil.test/mcp"), "blocked: deniedMcpServers"),
                // --- URLs: what an allow rule admits ---
                row("allow *.corp.test: a path that looks like the host", allow(url("http://*.corp.test/*")),
                        httpServer("http://127.0.0.1:$HTTP/.corp.test/mcp"), "blocked: not in allowedMcpServers"),
                row("allow *.corp.test: the query trick", allow(url("http://*.corp.test/*")),
                        httpServer("http://127.0.0.1:$HTTP?.corp.test/mcp"), "blocked: not in allowedMcpServers"),
                row("allow 127.0.0.1: user info is refused even when allowed", allow(url("http://127.0.0.1:$HTTP/*")),
                        httpServer("http://corp.test@127.0.0.1:$HTTP/mcp"), "blocked: user info"),
                row("allow 127.0.0.1: the same port with a leading zero runs", allow(url("http://127.0.0.1:$HTTP/*")),
                        httpServer("http://127.0.0.1:0$HTTP/mcp"), "runs"),
                row("allow localhost: 127.0.0.1 is the same host", allow(url("http://localhost:$HTTP/*")),
                        httpServer("http://127.0.0.1:$HTTP/mcp"), "runs"),
                row("allow an exact URL: query and fragment do not count", allow(url("http://127.0.0.1:$HTTP/mcp")),
                        httpServer("http://127.0.0.1:$HTTP/mcp?tenant=a#top"), "runs"),
                row("allow without a port: only the default port", allow(url("http://127.0.0.1/*")),
                        httpServer("http://127.0.0.1:$HTTP/mcp"), "blocked: not in allowedMcpServers"),
                // --- commands: another spelling of a denied command ---
                row("deny python3 echo.py: /usr/bin/env wrapper", denyEcho, stdio("/usr/bin/env", "python3", echo), "blocked: deniedMcpServers"),
                row("deny python3 echo.py: /x/./echo.py", denyEcho, stdio("python3", "$SRV/./echo.py"), "blocked: deniedMcpServers"),
                row("deny python3 echo.py: the interpreter by its real path", denyEcho, stdio("$PY", echo), "blocked: deniedMcpServers"),
                row("deny python3 echo.py: a symbolic link to the interpreter", denyEcho, stdio("$BIN/py-link", echo),
                        "blocked: deniedMcpServers"),
                row("deny python3 echo.py: ./ relative to the session's directory", denyEcho, stdio("./py", echo),
                        "blocked: deniedMcpServers"),
                row("deny python3 echo.py: inside a sh -c script", denyEcho, stdio("sh", "-c", "exec python3 '" + echo + "'"),
                        "blocked: deniedMcpServers"),
                row("deny python3 echo.py: an interpreter option in between", denyEcho, stdio("python3", "-u", echo),
                        "blocked: deniedMcpServers"),
                row("deny python3 echo.py: a relative argument under the server's cwd", denyEcho,
                        configServer(stdioEntry("python3", "./echo.py").put("cwd", "$SRV")), "blocked: deniedMcpServers"),
                row("deny python3 echo.py: another script still runs", denyEcho, stdio("python3", "$SRV/other.py"), "runs"),
                // --- commands: what an allow rule covers ---
                row("allow python3 echo.py: as listed", allowEcho, stdio("python3", echo), "runs"),
                row("allow python3 echo.py: the env wrapper is unwrapped", allowEcho, stdio("/usr/bin/env", "python3", echo), "runs"),
                row("allow python3 echo.py: /x/./echo.py is the same file", allowEcho, stdio("python3", "$SRV/./echo.py"), "runs"),
                row("allow python3 echo.py: a relative argument that resolves to it under the cwd", allowEcho,
                        configServer(stdioEntry("python3", "./echo.py").put("cwd", "$SRV")), "runs"),
                row("allow python3 echo.py: another python3 first on the server's PATH", allowEcho,
                        stdio("python3", echo).env("PATH", "$EVILBIN:/usr/bin:/bin"), "blocked: not in allowedMcpServers"),
                row("allow python3 ./echo.py: a cwd where the relative argument is another file", allow(cmd("python3", "./echo.py")),
                        configServer(stdioEntry("python3", "./echo.py").put("cwd", "$OTHER")), "blocked: not in allowedMcpServers"),
                row("allow python3 echo.py: a shell -c wrapper needs a rule that lists the shell", allowEcho,
                        stdio("sh", "-c", "exec python3 " + echo), "blocked: not in allowedMcpServers"),
                row("allow python3 echo.py: assignments of the env wrapper count as env", allowEcho,
                        stdio("/usr/bin/env", "PYTHONPATH=$EVIL", "python3", echo), "blocked: not in allowedMcpServers"),
                row("allow python3 echo.py: PYTHONPATH (Python)", allowEcho, stdio("python3", echo).env("PYTHONPATH", "$EVIL"),
                        "blocked: PYTHONPATH"),
                row("allow python3 echo.py: LD_PRELOAD (the dynamic loader)", allowEcho,
                        stdio("python3", echo).env("LD_PRELOAD", "$EVIL/none.so"), "blocked: LD_PRELOAD"),
                row("allow python3 echo.py: DYLD_INSERT_LIBRARIES (macOS loader)", allowEcho,
                        stdio("python3", echo).env("DYLD_INSERT_LIBRARIES", "$EVIL/none.dylib"), "blocked: DYLD_INSERT_LIBRARIES"),
                row("allow python3 echo.py: NODE_OPTIONS (Node)", allowEcho,
                        stdio("python3", echo).env("NODE_OPTIONS", "--require $EVIL/x.js"), "blocked: NODE_OPTIONS"),
                row("allow python3 echo.py: JAVA_TOOL_OPTIONS (the JVM)", allowEcho,
                        stdio("python3", echo).env("JAVA_TOOL_OPTIONS", "-javaagent:$EVIL/x.jar"), "blocked: JAVA_TOOL_OPTIONS"),
                row("allow python3 echo.py: PERL5OPT (Perl)", allowEcho, stdio("python3", echo).env("PERL5OPT", "-Mevil"),
                        "blocked: PERL5OPT"),
                row("allow python3 echo.py: RUBYOPT (Ruby)", allowEcho, stdio("python3", echo).env("RUBYOPT", "-revil"),
                        "blocked: RUBYOPT"),
                row("allow python3 echo.py: BASH_ENV (shells)", allowEcho, stdio("python3", echo).env("BASH_ENV", "$EVIL/rc"),
                        "blocked: BASH_ENV"),
                row("allow python3 echo.py: GIT_SSH_COMMAND (git)", allowEcho, stdio("python3", echo).env("GIT_SSH_COMMAND", "touch x"),
                        "blocked: GIT_SSH_COMMAND"),
                row("allow python3 echo.py: ordinary variables do not matter", allowEcho,
                        stdio("python3", echo).env("GITHUB_TOKEN", "t0k3n").env("HOME", "$OTHER").env("LANG", "C.UTF-8"), "runs"),
                row("allow python3 echo.py with serverEnv: the listed variable and value run",
                        allow(cmd("python3", echo).set("serverEnv", Json.object().put("PYTHONPATH", "$EVIL"))),
                        stdio("python3", echo).env("PYTHONPATH", "$EVIL"), "runs"),
                row("allow python3 echo.py with serverEnv: another value does not",
                        allow(cmd("python3", echo).set("serverEnv", Json.object().put("PYTHONPATH", "/opt/x"))),
                        stdio("python3", echo).env("PYTHONPATH", "$EVIL"), "blocked: PYTHONPATH"),
                // --- deny wins ---
                row("deny wins over an allow of the same command", both(List.of(cmd("python3", echo)), List.of(cmd("python3", echo))),
                        stdio("/usr/bin/env", "python3", "$SRV/./echo.py"), "blocked: deniedMcpServers"),
                row("deny wins over an allow by name", both(List.of(name("s")), List.of(url("http://127.0.0.1:$HTTP/*"))),
                        httpServer("http://localhost:$HTTP/mcp"), "blocked: deniedMcpServers"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void theManagedPolicyMatchesWhatRuns(String title, String policy, Server server, String expected) throws Exception {
        String settings = fill(policy);
        String config = server.editor() ? "{}" : fill(Json.write(Json.object().set("mcpServers", Json.object().set("s", server.entry()))));
        Agent agent = AGENTS.computeIfAbsent(settings + "\n" + config, key -> start(settings, config));
        AcpTestClient client = agent.agent().client();
        ArrayNode editor = Json.array();
        if (server.editor()) {
            editor.add(Json.parse(fill(Json.write(server.entry()))));
        }
        String session = client.newSession(PLACES.get("$PROJ"), editor);

        client.clearUpdates(session);
        assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "hello")).path("result").path("stopReason").asString());
        assertTrue(said(client, session).contains("ok"), "the session answers");
        List<String> offered = lastRequest(agent.model()).tools().stream().map(ToolDefinition::name).toList();
        String line = mcpLine(client, session);
        if (expected.equals("runs")) {
            assertTrue(offered.contains("mcp__s__echo"), title + ": the server's tool reaches the model: " + offered + "\n" + line);
            assertTrue(line.startsWith("| s | ready |"), title + ": " + line);
        } else {
            assertFalse(offered.contains("mcp__s__echo"), title + ": the server must not run: " + offered);
            assertTrue(line.startsWith("| s | blocked |"), title + ": " + line);
            String why = expected.substring("blocked: ".length());
            assertTrue(line.contains(why), title + ": the reason names " + why + ": " + line);
        }
        assertEquals(List.of(), client.violations());
    }

    private static Agent start(String policy, String config) {
        try {
            Path home = Files.createTempDirectory(dir, "agent-");
            Files.writeString(home.resolve("managed-settings.json"), policy);
            Files.createDirectories(home.resolve("config/tether"));
            Files.writeString(home.resolve("config/tether/config.json"), config);
            Map<String, String> env = Map.of("PATH", PLACES.get("$BIN") + ":/usr/bin:/bin", "HOME", home.toString(),
                    "LANG", "C.UTF-8", "XDG_CONFIG_HOME", home.resolve("config").toString(), "XDG_STATE_HOME", home.resolve("state").toString(),
                    "TETHER_MANAGED_SETTINGS", home.resolve("managed-settings.json").toString());
            QueueModel model = new QueueModel();
            // More answers than the rows of one settings pair ask for (one prompt each).
            for (int i = 0; i < 40; i++) {
                model.then(QueueModel.Reply.text("ok"));
            }
            InProcessAgent agent = WiredAgent.fromEnvironment(home.resolve("acp"), model, env);
            agent.client().initialize();
            return new Agent(agent, model);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The model request of the last prompt (the rows run one at a time, so it is this session's). */
    private static ModelRequest lastRequest(QueueModel model) {
        return model.requests().getLast();
    }

    private static String said(AcpTestClient client, String session) {
        StringBuilder out = new StringBuilder();
        client.updates(session, "agent_message_chunk").forEach(u -> out.append(u.path("content").path("text").asString()));
        return out.toString();
    }

    /** The row of server {@code s} in {@code /mcp}. */
    private static String mcpLine(AcpTestClient client, String session) {
        client.clearUpdates(session);
        AcpTestClient.await(client.prompt(session, "/mcp"));
        return said(client, session).lines().filter(l -> l.startsWith("| s |")).findFirst().orElse("(no row for s in /mcp)");
    }

    private static String fill(String text) {
        for (var place : PLACES.entrySet()) {
            text = text.replace(place.getKey(), place.getValue());
        }
        return text;
    }

    // --- the table's vocabulary ---

    private static Arguments row(String title, String policy, Server server, String expected) {
        return Arguments.of(title, policy, server, expected);
    }

    private static String deny(ObjectNode... rules) {
        return both(null, List.of(rules));
    }

    private static String allow(ObjectNode... rules) {
        return both(List.of(rules), List.of());
    }

    private static String both(List<ObjectNode> allow, List<ObjectNode> deny) {
        ObjectNode policy = Json.object();
        if (allow != null) {
            allow.forEach(policy.putArray("allowedMcpServers")::add);
        }
        deny.forEach(policy.withArray("deniedMcpServers")::add);
        return Json.write(policy);
    }

    private static ObjectNode cmd(String... words) {
        return Json.object().set("serverCommand", strings(words));
    }

    private static ArrayNode strings(String... words) {
        ArrayNode list = Json.array();
        for (String word : words) {
            list.add(word);
        }
        return list;
    }

    private static ObjectNode url(String glob) {
        return Json.object().put("serverUrl", glob);
    }

    private static ObjectNode name(String name) {
        return Json.object().put("serverName", name);
    }

    /** An editor's stdio server {@code s}; {@link Server#env} adds to its {@code env}. */
    private static Server stdio(String command, String... args) {
        ObjectNode entry = stdioEntry(command, args).put("name", "s");
        entry.putArray("env");
        return new Server(true, entry);
    }

    private static Server httpServer(String url) {
        ObjectNode entry = Json.object().put("type", "http").put("name", "s").put("url", url);
        entry.putArray("headers");
        return new Server(true, entry);
    }

    /** A server of the user's config file (where {@code cwd} and {@code ws} can be declared). */
    private static Server configServer(ObjectNode entry) {
        return new Server(false, entry);
    }

    private static ObjectNode stdioEntry(String command, String... args) {
        return Json.object().put("command", command).set("args", strings(args));
    }

    private static ObjectNode wsEntry(String url) {
        return Json.object().put("type", "ws").put("url", url);
    }
}
