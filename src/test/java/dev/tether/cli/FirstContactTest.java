package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The mistakes a new user makes, each run against the real {@code tether} (its {@code Main}, over
 * ACP frames for the agent) and checked where the user looks: the editor's answer and notices,
 * the conversation, stderr, a command's output and exit code. None is answered "authentication
 * required" (-32000) unless credentials really are missing.
 */
class FirstContactTest {
    @TempDir
    Path dir;

    /** One mistake: how to make it, and what the user must see. */
    record Mistake(String name, Scenario scenario) {
        @Override
        public String toString() {
            return name;
        }
    }

    @FunctionalInterface
    interface Scenario {
        void run(FirstContactAgent user) throws Exception;
    }

    static Stream<Mistake> mistakes() {
        return Stream.of(
                new Mistake("unknown provider in the environment", user -> {
                    user.env("TETHER_PROVIDER", "gemini");
                    configErrorIsNotSignIn(user, "TETHER_PROVIDER (environment) is \"gemini\", which is not a model provider Tether knows");
                }),
                new Mistake("unknown provider in the config file", user -> {
                    user.config("{\"provider\": \"gemini\"}");
                    configErrorIsNotSignIn(user, "\"provider\" in " + user.configFile() + " is \"gemini\"");
                }),
                new Mistake("maxTokens of the wrong kind", user -> {
                    user.config("{\"maxTokens\": \"big\"}").env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", script(user, "Hello."));
                    try (var agent = user.acp()) {
                        agent.initialize();
                        String id = agent.newSession().path("result").path("sessionId").asString();
                        JsonNode answer = agent.prompt(id, "hi");
                        assertEquals("end_turn", answer.path("result").path("stopReason").asString(), answer.toString());
                        assertEquals(0, agent.exit());
                        String warning = "\"maxTokens\" in " + user.configFile() + " is \"big\", not a positive whole number; using the default 8192";
                        assertTrue(agent.updates("notice").stream().anyMatch(n -> n.contains(warning)), agent.updates("notice").toString());
                        assertTrue(agent.updates("agent_message_chunk").contains("Hello."), "the default serves");
                        assertEquals(1, agent.updates("notice").stream().filter(n -> n.contains(warning)).count(), "told once");
                    }
                }),
                new Mistake("config file that is not JSON", user -> {
                    user.config("{\"provider\": \"scripted\",}");
                    editorIsWarned(user, user.configFile() + " is not valid JSON (line 1, column");
                }),
                new Mistake("misspelled top-level key", user -> {
                    user.config("{\"provder\": \"scripted\"}");
                    editorIsWarned(user, user.configFile() + ": unknown key \"provder\"; did you mean \"provider\"?");
                }),
                new Mistake("mcpServer for mcpServers", user -> {
                    user.config("{\"mcpServer\": {\"x\": {\"command\": \"x\"}}}");
                    editorIsWarned(user, "unknown key \"mcpServer\"; did you mean \"mcpServers\"?");
                }),
                new Mistake("misspelled command in a server entry", user -> {
                    user.config("{\"mcpServers\": {\"docs\": {\"comand\": \"docs-server\"}}}");
                    editorIsWarned(user, "server \"docs\": unknown key \"comand\"; did you mean \"command\"?");
                    FirstContactAgent.Ran list = user.run("mcp", "list");
                    assertTrue(list.both().contains("did you mean \"command\"?"), "tether mcp list names it too: " + list);
                }),
                new Mistake("value of the wrong type", user -> {
                    user.config("{\"oauth\": {\"rememberSignIns\": \"yes\"}}");
                    editorIsWarned(user, "\"oauth.rememberSignIns\" is the text \"yes\", expected true or false");
                }),
                new Mistake("workspace .mcp.json entry with neither command nor url", user -> {
                    Files.writeString(user.workspace().resolve(".mcp.json"), "{\"mcpServers\": {\"lint\": {\"comand\": \"lint-server\"}}}");
                    editorIsWarned(user, "server \"lint\" has neither \"command\" nor \"url\", so it starts nothing");
                }),
                new Mistake("broken config file, then removing an unrelated local server", user -> {
                    FirstContactAgent.Ran added = user.run("mcp", "add", "--scope", "local", "mine", "--", "mine-server");
                    assertEquals(0, added.exit(), added.toString());
                    user.config("{not json");
                    FirstContactAgent.Ran removed = user.run("mcp", "remove", "mine");
                    assertEquals(0, removed.exit(), removed.toString());
                    assertTrue(removed.out().contains("Removed MCP server \"mine\" from the local scope"), removed.toString());
                    assertTrue(removed.err().contains(user.configFile().toString()), "the broken file is named: " + removed);
                }),
                new Mistake("server program not installed", user -> serverIsNamed(user, "{\"command\": \"no-such-tool-xyz\"}",
                        "\"no-such-tool-xyz\" was not found on PATH; install it, or give its full path as \"command\"")),
                new Mistake("relative server path that does not exist", user -> serverIsNamed(user, "{\"command\": \"./server.js\"}",
                        "no such file: \"./server.js\" (looked for " + user.workspace().resolve("./server.js") + ", relative to "
                                + user.workspace() + ")",
                        "no such file: \"./server.js\" (looked for " + Path.of("").toAbsolutePath().resolve("./server.js"))),
                new Mistake("server script without the execute bit", user -> {
                    Path tool = Files.writeString(user.dir.resolve("tool.sh"), "#!/bin/sh\nexit 0\n");
                    serverIsNamed(user, "{\"command\": " + dev.tether.json.Json.tree(tool.toString()) + "}",
                            "is not executable: run chmod +x " + tool);
                }),
                new Mistake("HTTP server on a port nothing listens on", user -> {
                    int port = closedPort();
                    serverIsNamed(user, "{\"url\": \"http://127.0.0.1:" + port + "/mcp\"}",
                            "connection refused by 127.0.0.1:" + port + ": nothing is listening there");
                }),
                new Mistake("legacy SSE server on a port nothing listens on", user -> {
                    int port = closedPort();
                    serverIsNamed(user, "{\"type\": \"sse\", \"url\": \"http://127.0.0.1:" + port + "/sse\"}",
                            "connection refused by 127.0.0.1:" + port + ": nothing is listening there");
                }),
                new Mistake("script file that does not exist", user -> {
                    user.env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", "/x/nope.jsonl");
                    try (var agent = user.acp()) {
                        agent.initialize();
                        JsonNode created = agent.newSession();
                        assertFalse(created.has("error"), created.toString());
                        JsonNode answer = agent.prompt(created.path("result").path("sessionId").asString(), "hi");
                        assertEquals("end_turn", answer.path("result").path("stopReason").asString(), answer.toString());
                        assertTrue(agent.updates("agent_message_chunk").stream().anyMatch(m -> m.contains(
                                "the script (TETHER_SCRIPT) cannot be read: no such file: \"/x/nope.jsonl\"")), agent.updates("agent_message_chunk").toString());
                    }
                }),
                new Mistake("misspelled agent option", user -> {
                    user.env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", script(user, "Hello."));
                    try (var agent = user.acp("--mcp-conifg", "{}")) {
                        JsonNode init = agent.initialize();
                        assertEquals(1, init.path("result").path("protocolVersion").asInt(), "initialize is answered: " + init);
                        JsonNode created = agent.newSession();
                        agent.prompt(created.path("result").path("sessionId").asString(), "hi");
                        assertEquals(0, agent.exit());
                        assertTrue(agent.updates("notice").stream().anyMatch(n -> n.contains(
                                "unknown option \"--mcp-conifg\"; did you mean \"--mcp-config\"?")), agent.updates("notice").toString());
                    }
                }),
                new Mistake("timeout written as text", user -> {
                    user.config("{\"mcp\": {\"connectTimeoutSeconds\": \"30\"}}");
                    editorIsWarned(user, "\"mcp.connectTimeoutSeconds\" is the text \"30\", expected a whole number");
                }),
                new Mistake("compaction threshold written as text", user -> {
                    user.config("{\"context\": {\"compactAt\": \"high\"}}");
                    editorIsWarned(user, "\"context.compactAt\" is the text \"high\", expected a number above 0.1 and at most 1;"
                            + " using the default 0.85");
                }),
                new Mistake("approval key written as text", user -> {
                    user.config("{\"enableAllProjectMcpServers\": \"yes\"}");
                    editorIsWarned(user, "enableAllProjectMcpServers must be true or false; ignoring it");
                }),
                new Mistake("server entry that is a string", user -> {
                    user.config("{\"mcpServers\": {\"x\": \"npx x-server\"}}");
                    editorIsWarned(user, "server \"x\" must be an object; skipping this server");
                }),
                new Mistake("unknown transport type", user -> {
                    user.config("{\"mcpServers\": {\"x\": {\"type\": \"grpc\", \"url\": \"http://127.0.0.1:1\"}}}");
                    editorIsWarned(user, "server \"x\" has unknown type \"grpc\"");
                }),
                new Mistake("--mcp-config naming a missing file", user ->
                        editorIsWarned(user, "cannot read MCP config " + Path.of("").toAbsolutePath().resolve("nope.json") + ": no such file",
                                "--mcp-config", "nope.json")),
                new Mistake("--mcp-config that is not JSON", user ->
                        editorIsWarned(user, "--mcp-config is not valid JSON", "--mcp-config", "{broken")),
                new Mistake("misspelled --strict-mcp-config", user ->
                        editorIsWarned(user, "unknown option \"--strict-mcp-conifg\"; did you mean \"--strict-mcp-config\"?",
                                "--strict-mcp-conifg")),
                new Mistake("max tokens negative in the environment", user -> {
                    user.env("TETHER_MAX_TOKENS", "-5");
                    editorIsWarned(user, "TETHER_MAX_TOKENS (environment) is \"-5\", not a positive whole number; using the default 8192");
                }),
                new Mistake("unknown command", user -> {
                    FirstContactAgent.Ran ran = user.run("mpc", "list");
                    assertEquals(2, ran.exit(), ran.toString());
                    assertEquals("tether: unknown command \"mpc\"; did you mean \"mcp\"? Run tether --help.\n", ran.err());
                }),
                new Mistake("unknown mcp subcommand", user -> {
                    FirstContactAgent.Ran ran = user.run("mcp", "lst");
                    assertEquals(2, ran.exit(), ran.toString());
                    assertEquals("tether: unknown command \"mcp lst\"; did you mean \"list\"? Run tether mcp --help.\n", ran.err());
                    FirstContactAgent.Ran none = user.run("mcp", "frobnicate");
                    assertEquals("tether: unknown command \"mcp frobnicate\". Run tether mcp --help.\n", none.err());
                }),
                new Mistake("--version after -- belongs to the server", user -> {
                    FirstContactAgent.Ran ran = user.run("mcp", "add", "vers", "--", "mytool", "--version");
                    assertEquals(0, ran.exit(), ran.toString());
                    assertFalse(ran.out().contains("tether 0."), "not Tether's version: " + ran);
                    FirstContactAgent.Ran got = user.run("mcp", "get", "--json", "vers");
                    assertTrue(got.out().contains("\"--version\""), "the server's argument was kept: " + got);
                }),
                new Mistake("--help after -- belongs to the server", user -> {
                    FirstContactAgent.Ran ran = user.run("mcp", "add", "helper", "--", "mytool", "--help");
                    assertEquals(0, ran.exit(), ran.toString());
                    assertFalse(ran.out().contains("usage:"), "not Tether's help: " + ran);
                }),
                new Mistake("bad flag before --", user -> {
                    FirstContactAgent.Ran ran = user.run("mcp", "add", "--transprt", "http", "x", "http://127.0.0.1:1/");
                    assertEquals(2, ran.exit(), ran.toString());
                    assertTrue(ran.err().contains("--transprt"), "the flag is named: " + ran);
                }),
                new Mistake("openai provider without a key for the public API", user -> {
                    user.env("TETHER_PROVIDER", "openai");
                    try (var agent = user.acp()) {
                        agent.initialize();
                        JsonNode refused = agent.newSession();
                        assertEquals(-32000, refused.path("error").path("code").asInt(), "credentials really are missing: " + refused);
                        assertTrue(refused.path("error").path("message").asString().contains("tether login"), refused.toString());
                    }
                }),
                new Mistake("client that cannot ask, with a project server", user -> {
                    Files.writeString(user.workspace().resolve(".mcp.json"), "{\"mcpServers\": {\"orders\": {\"command\": \"orders-server\"}}}");
                    user.env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", script(user, "Hello."));
                    try (var agent = user.acp()) {
                        agent.initialize();
                        String id = agent.newSession().path("result").path("sessionId").asString();
                        agent.prompt(id, "hi");
                        agent.prompt(id, "/mcp");
                        String mcp = String.join("", agent.updates("agent_message_chunk"));
                        assertTrue(mcp.contains("orders") && mcp.contains("tether mcp approve orders"), "told how to approve: " + mcp);
                    }
                    assertFalse(Files.exists(user.dir.resolve("home/state/tether/mcp-project-choices.json")),
                            "no answer stored for the user");
                }),
                new Mistake("no key at all", user -> {
                    try (var agent = user.acp()) {
                        agent.initialize();
                        JsonNode refused = agent.newSession();
                        assertEquals(-32000, refused.path("error").path("code").asInt(), refused.toString());
                        assertTrue(refused.path("error").path("message").asString().contains("tether login"), refused.toString());
                    }
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void eachMistakeIsNamedWhereTheUserLooks(Mistake mistake) throws Exception {
        mistake.scenario().run(new FirstContactAgent(dir));
    }

    /** The server {@code entry} (the config file's "srv") fails to start, and the editor is told why in {@code words}. */
    private static void serverIsNamed(FirstContactAgent user, String entry, String words) throws Exception {
        serverIsNamed(user, entry, words, words);
    }

    /** As {@link #serverIsNamed(FirstContactAgent, String, String)}; the commands, run in this JVM's directory, say {@code cliWords}. */
    private static void serverIsNamed(FirstContactAgent user, String entry, String words, String cliWords) throws Exception {
        user.config("{\"mcpServers\": {\"srv\": " + entry + "}}");
        user.env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", script(user, "Hello."));
        try (var agent = user.acp()) {
            agent.initialize();
            JsonNode created = agent.newSession();
            assertFalse(created.has("error"), created.toString());
            String id = created.path("result").path("sessionId").asString();
            agent.prompt(id, "hi");
            agent.prompt(id, "/mcp");
            assertEquals(0, agent.exit());
            List<String> notices = agent.updates("notice");
            assertTrue(notices.stream().anyMatch(n -> n.startsWith("MCP server \"srv\" is not available") && n.contains(words)),
                    "the editor is told: " + notices + "\nstderr: " + agent.stderr());
            assertFalse(notices.toString().contains("Exception"), "no Java words: " + notices);
            String mcp = String.join("", agent.updates("agent_message_chunk"));
            assertTrue(mcp.contains("srv") && mcp.contains(words), "/mcp says it: " + mcp);
            inUserWordsOnly(notices + mcp);
        }
        FirstContactAgent.Ran list = user.run("mcp", "list", "--check");
        assertTrue(list.out().contains("srv") && list.out().contains(cliWords), "tether mcp list --check says it: " + list);
        FirstContactAgent.Ran doctor = user.run("doctor", "--check");
        assertEquals(1, doctor.exit(), doctor.toString());
        assertTrue(doctor.out().contains("srv") && doctor.out().contains(cliWords), "tether doctor --check says it: " + doctor);
        inUserWordsOnly(list.both() + doctor.both());
    }

    /** No request or connection plumbing before the words: the user reads what happened to what they named. */
    private static void inUserWordsOnly(String shown) {
        for (String plumbing : List.of("server/discover failed", "connection failed:", "initialize failed", "Exception")) {
            assertFalse(shown.contains(plumbing), "\"" + plumbing + "\" shown: " + shown);
        }
    }

    private static int closedPort() throws Exception {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** A session starts and works; the editor is told {@code warning} once, as a notice. */
    private static void editorIsWarned(FirstContactAgent user, String warning, String... acpArgs) throws Exception {
        user.env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", script(user, "Hello."));
        try (var agent = user.acp(acpArgs)) {
            agent.initialize();
            JsonNode created = agent.newSession();
            assertFalse(created.has("error"), created.toString());
            JsonNode answer = agent.prompt(created.path("result").path("sessionId").asString(), "hi");
            assertEquals("end_turn", answer.path("result").path("stopReason").asString(), answer.toString());
            assertEquals(0, agent.exit());
            List<String> notices = agent.updates("notice");
            assertEquals(1, notices.stream().filter(n -> n.contains(warning)).count(), "told once, as a notice: " + notices);
            assertFalse(agent.seen.toString().contains("-32000"), "never authentication required");
        }
    }

    /** The session starts; the editor is told the configuration error (not sign-in), and a prompt is answered with it. */
    private static void configErrorIsNotSignIn(FirstContactAgent user, String named) throws Exception {
        try (var agent = user.acp()) {
            agent.initialize();
            JsonNode created = agent.newSession();
            assertFalse(created.has("error"), "a configuration error is not a failed start: " + created);
            String id = created.path("result").path("sessionId").asString();
            JsonNode answer = agent.prompt(id, "hi");
            assertEquals(0, agent.exit());
            assertTrue(agent.updates("notice").stream().anyMatch(n -> n.startsWith("Configuration error: ") && n.contains(named)),
                    agent.updates("notice").toString());
            assertEquals("end_turn", answer.path("result").path("stopReason").asString(), answer.toString());
            assertTrue(agent.updates("agent_message_chunk").stream().anyMatch(m -> m.startsWith("⚠ Configuration error: ") && m.contains(named)),
                    agent.updates("agent_message_chunk").toString());
            assertFalse(agent.seen.toString().contains("-32000"), "never authentication required");
        }
    }

    static String script(FirstContactAgent user, String reply) throws Exception {
        Path file = user.dir.resolve("script.jsonl");
        Files.writeString(file, "{\"text\": " + dev.tether.json.Json.tree(reply) + "}\n");
        return file.toString();
    }

    static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    static List<String> lines(String text) {
        return text.lines().toList();
    }
}
