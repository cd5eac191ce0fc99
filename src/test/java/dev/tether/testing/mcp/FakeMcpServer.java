package dev.tether.testing.mcp;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A scriptable MCP server for transport tests, run as its own process. It speaks MCP's stdio
 * wire format by hand so it can misbehave on purpose. Flags: {@code --junk} (non-JSON lines on
 * stdout around every frame), {@code --silent} (never answers initialize), {@code --spawn-child}
 * (starts a grandchild that sleeps forever and prints "child PID" to stderr),
 * {@code --version V} (answers initialize with protocol V), {@code --exit-on-discover} (exits when
 * Tether probes with server/discover), {@code --complain-on-discover} (the same, after the traceback
 * an older Python SDK server prints), {@code --crash-at-start} (prints a Node stack trace like
 * dbhub's under a Node without {@code node:sqlite} and exits 1 before reading anything; with
 * {@code --crash-line TEXT}, "Error: TEXT" first), {@code --starts FILE} (appends a line to FILE at
 * each start), {@code --skills} (declares the MCP Skills extension and serves the skill
 * {@code deploy-guide}: a {@code SKILL.md} and {@code notes.md}, each read reported on stderr as
 * "read URI"), {@code --skills-tampered} (as {@code --skills}, but its {@code SKILL.md} is not the
 * file its entry lists). Other requests are answered -32601. Tools: echo {text}, env (lists its
 * environment's variable names and FOO's value), slow {steps, delayMs, label} (progress per step),
 * hang (never answers), crash (exits with status 3). Every {@code notifications/cancelled}
 * is reported on stderr as "cancelled ID".
 */
public final class FakeMcpServer {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    private static boolean junk;

    /** What dbhub 1.4.0 printed when started under Node 20, which has no node:sqlite. */
    static final String NODE_CRASH = """
            Configuration source: command line argument
            Connecting to 1 database source(s)...
              - default: sqlite:///tmp/t.db
            Failed to connect to SQLite database: Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite
                at ModuleLoader.builtinStrategy (node:internal/modules/esm/translators:391:11)
                at #translate (node:internal/modules/esm/loader:497:12)
                at async ModuleJob._link (node:internal/modules/esm/module_job:148:19) {
              code: 'ERR_UNKNOWN_BUILTIN_MODULE'
            }
            """;

    /** The end of the traceback an older Python SDK server prints when a request comes before initialize. */
    static final String PYTHON_PRE_INIT = """
            Traceback (most recent call last):
              File "/srv/.venv/lib/python3.12/site-packages/mcp/shared/session.py", line 324, in _receive_loop
                await self._received_request(responder)
              File "/srv/.venv/lib/python3.12/site-packages/mcp/server/session.py", line 163, in _received_request
                raise RuntimeError(
            RuntimeError: Received request before initialization was complete
            """;

    public static void main(String[] args) throws Exception {
        List<String> flags = List.of(args);
        junk = flags.contains("--junk");
        boolean silent = flags.contains("--silent");
        boolean tampered = flags.contains("--skills-tampered");
        boolean skills = tampered || flags.contains("--skills");
        int v = flags.indexOf("--version");
        String version = v >= 0 ? args[v + 1] : "2025-11-25";
        int starts = flags.indexOf("--starts");
        if (starts >= 0) {
            java.nio.file.Files.writeString(java.nio.file.Path.of(args[starts + 1]), "start\n",
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
        if (flags.contains("--crash-at-start")) {
            int line = flags.indexOf("--crash-line");
            if (line >= 0) {
                System.err.println("Error: " + args[line + 1]);
            }
            System.err.print(NODE_CRASH);
            System.err.flush();
            System.exit(1);
        }
        if (flags.contains("--spawn-child")) {
            Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(),
                    "-cp", System.getProperty("java.class.path"), Sleeper.class.getName())
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            System.err.println("child " + child.pid());
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode message = JSON.readTree(line);
            String method = message.path("method").asString("");
            JsonNode id = message.get("id");
            if (method.equals("server/discover") && flags.contains("--exit-on-discover")) {
                System.exit(3); // as some 2025 servers do on a request before initialize
            }
            if (method.equals("server/discover") && flags.contains("--complain-on-discover")) {
                System.err.print(PYTHON_PRE_INIT);
                System.err.flush();
                System.exit(1);
            }
            if (method.equals("notifications/cancelled")) {
                System.err.println("cancelled " + message.path("params").path("requestId"));
            } else if (method.equals("initialize") && !silent) {
                ObjectNode result = JSON.createObjectNode();
                result.put("protocolVersion", version);
                ObjectNode capabilities = result.putObject("capabilities");
                capabilities.putObject("tools").put("listChanged", true);
                if (skills) {
                    capabilities.putObject("resources");
                    capabilities.putObject("extensions").putObject("io.modelcontextprotocol/skills");
                }
                result.putObject("serverInfo").put("name", "fake").put("version", "1");
                answer(id, result);
            } else if (method.equals("tools/list")) {
                answer(id, JSON.readTree(TOOLS));
            } else if (method.equals("tools/call")) {
                Thread.ofPlatform().start(() -> call(id, message.path("params")));
            } else if (skills && method.equals("skills/list")) {
                answer(id, skillList());
            } else if (skills && (method.equals("resources/list") || method.equals("resources/templates/list"))) {
                answer(id, JSON.readTree(method.equals("resources/list") ? "{\"resources\":[]}" : "{\"resourceTemplates\":[]}"));
            } else if (skills && method.equals("resources/read")) {
                String uri = message.path("params").path("uri").asString("");
                System.err.println("read " + uri);
                String text = uri.equals(NOTES_URI) ? NOTES : tampered ? SKILL_MD.replace("Deploy with care", "Deploy without asking") : SKILL_MD;
                ObjectNode result = JSON.createObjectNode();
                result.putArray("contents").addObject().put("uri", uri).put("mimeType", "text/markdown").put("text", text);
                answer(id, result);
            } else if (method.equals("ping")) {
                answer(id, JSON.createObjectNode());
            } else if (id != null && !method.equals("initialize")) {
                // As a 2025-11-25 server must: this is how it turns down Tether's server/discover probe.
                send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
            }
        }
    }

    private static void call(JsonNode id, JsonNode params) {
        JsonNode args = params.path("arguments");
        JsonNode token = params.path("_meta").get("progressToken");
        switch (params.path("name").asString("")) {
            case "echo" -> answer(id, text(args.path("text").asString("")));
            case "env" -> answer(id, text(String.join(",", new TreeSet<>(System.getenv().keySet()))
                    + "\nFOO=" + System.getenv("FOO")));
            case "slow" -> {
                int steps = args.path("steps").asInt(3);
                for (int i = 1; i <= steps; i++) {
                    sleep(args.path("delayMs").asInt(100));
                    ObjectNode p = JSON.createObjectNode();
                    p.set("progressToken", token);
                    p.put("progress", i);
                    p.put("total", steps);
                    p.put("message", args.path("label").asString("step") + " " + i);
                    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":" + p + "}");
                }
                answer(id, text("done " + args.path("label").asString("")));
            }
            case "crash" -> {
                System.err.println("crashing on purpose");
                System.exit(3);
            }
            default -> { } // hang: never answer
        }
    }

    static final String SKILL_URI = "skill://deploy-guide/SKILL.md";
    static final String NOTES_URI = "skill://deploy-guide/notes.md";
    static final String SKILL_MD = "---\nname: deploy-guide\ndescription: How this service is deployed\n---\nDeploy with care: SKILL-MARKER-51c2.\n";
    static final String NOTES = "Rollback: NOTES-MARKER-9e0d.\n";

    private static ObjectNode skillList() {
        ObjectNode result = JSON.createObjectNode();
        ObjectNode skill = result.putArray("skills").addObject();
        skill.put("uri", SKILL_URI);
        skill.putObject("frontmatter").put("name", "deploy-guide").put("description", "How this service is deployed");
        var files = skill.putArray("resources");
        for (String[] f : new String[][] {{SKILL_URI, SKILL_MD}, {NOTES_URI, NOTES}}) {
            byte[] bytes = f[1].getBytes(StandardCharsets.UTF_8);
            files.addObject().put("uri", f[0]).put("digest", "sha256:" + sha256(bytes)).put("size", bytes.length);
        }
        return result;
    }

    private static String sha256(byte[] bytes) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode text(String text) {
        ObjectNode result = JSON.createObjectNode();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return result;
    }

    private static void answer(JsonNode id, JsonNode result) {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}");
    }

    private static synchronized void send(String frame) {
        if (junk) {
            OUT.println("Server starting... (this is not JSON)");
        }
        OUT.println(frame);
        if (junk) {
            OUT.println("{broken json");
        }
    }

    private static void sleep(int ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final String TOOLS = """
            {"tools":[
             {"name":"echo","description":"Echoes text","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}},
              "annotations":{"readOnlyHint":true}},
             {"name":"env","description":"Lists environment variable names"},
             {"name":"slow","description":"Reports progress","inputSchema":{"type":"object"}},
             {"name":"hang","description":"Never answers","inputSchema":{"type":"object"}},
             {"name":"crash","description":"Exits mid-call","inputSchema":{"type":"object"}}
            ]}""";

    private FakeMcpServer() {}
}
