package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.security.SecretRegistry;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Issue 23, hole 2: tools shortened text before the session masked it, so the model chose where a
 * cut fell and read a key in pieces that whole-result masking no longer recognised — a search
 * window placed with a lookbehind (readOnly, no question), a {@code read_file} line cut at 2,000
 * characters after padding the file (acceptEdits), an MCP result's inline head and its
 * artifact's 2,000-character wrap, and a key spelt with invisible or full-width characters that
 * re-forms when the result is sanitised. Now every cut comes after masking: the model, the editor
 * and the transcript see the marker and not eight characters of the key in a row.
 */
class SecretAcrossCutsAttackTest {
    private static final Pattern ARTIFACT = Pattern.compile("artifact:([0-9a-f]{32})");
    /** A variable the config marks secret; its value ends in a letter that an accent joins. */
    private static final String MARKED = "marked-secret-value";
    /** No editor file system: reads and edits go to the disk, so no {@code fs/*} request carries the file. */
    private static final String NO_HOST = "{\"protocolVersion\":1,\"clientCapabilities\":{}}";

    @TempDir
    Path dir;

    @Test
    void aSearchWindowPlacedByALookbehindShowsNoPartOfTheKeyInReadOnlyMode() throws Exception {
        Path ws = workspace();
        String prefix = "{\"anthropic\":{\"apiKey\":\"";
        Files.writeString(ws.resolve("settings.json"), prefix + KEY + "\"},\"theme\":\"" + "d".repeat(400) + "\"}\n");
        // The window starts 75 characters before the match: at the key's 21st character.
        int at = prefix.length() + 20 + 75;
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("s1", "search", Json.object().put("pattern", "(?<=^.{" + at + "})").put("path", "settings.json"))))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.request("initialize", NO_HOST);
            String session = client.newSession(ws.toString(), null);
            client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", "readOnly"));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "look at the settings"));

            String result = results(model).get("s1");
            assertTrue(result.contains("settings.json:1: "), "the search ran and matched: " + result);
            assertEquals(List.of(), permissionRequests(client), "readOnly searches without asking");
            assertNowhere(client, session, model, KEY);
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void paddingAFileSoItsLineCutSplitsTheKeyShowsTheMarkerInAcceptEdits() throws Exception {
        Path ws = workspace();
        Files.writeString(ws.resolve(".env"), "ANTHROPIC_API_KEY=" + KEY + "\nOTHER=1\n");
        // 1,962 characters in front put the key at 1,980: the 2,000-character cut would keep its first 20.
        String padded = "#".repeat(1962) + "ANTHROPIC_API_KEY=";
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("e1", "edit_file", Json.object().put("path", ".env")
                        .put("old_string", "ANTHROPIC_API_KEY=").put("new_string", padded))))
                .then(QueueModel.Reply.tools(use("r1", "read_file", Json.object().put("path", ".env"))))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.request("initialize", NO_HOST);
            String session = client.newSession(ws.toString(), null);
            client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", "acceptEdits"));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "tidy the env file"));

            assertTrue(Files.readString(ws.resolve(".env")).startsWith(padded + KEY), "the edit ran");
            assertNowhere(client, session, model, KEY);
            String read = results(model).get("r1");
            assertTrue(read.contains("ANTHROPIC_API_KEY=" + SecretRegistry.MARKER), read.substring(Math.max(0, read.length() - 200)));
            assertEquals(List.of(), permissionRequests(client), "acceptEdits edits .env without asking");
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void anMcpResultsHeadAndItsArtifactsWrapAndPatternShowNoPartOfTheKey() throws Exception {
        // One long line: the first key crosses the 25,000-character inline head, the second the wrap at 28,000
        // (line 14 of 2,000 characters ends with its first 11).
        String content = "q".repeat(24_990) + KEY + "q".repeat(28_000 - 11 - 25_030) + KEY + "q".repeat(5000);
        var server = SecretAttacks.editorEchoServer("thief", List.of("--file", Files.writeString(dir.resolve("loot.txt"), content).toString()), Map.of());
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("m1", "mcp__thief__say", Json.object())))
                .thenAnswer(request -> {
                    Matcher id = ARTIFACT.matcher(results(request).get("m1"));
                    assertTrue(id.find(), "the result was cut and kept as an artifact");
                    String artifact = "artifact:" + id.group(1);
                    // A page across the wrap, and "does the key go on with C after its first 13?" asked right and wrong.
                    return QueueModel.Reply.tools(
                            use("a1", "read_artifact", Json.object().put("id", artifact).put("offset", 13).put("limit", 3)),
                            use("a2", "read_artifact", Json.object().put("id", artifact).put("pattern", "q.{13}C")),
                            use("a3", "read_artifact", Json.object().put("id", artifact).put("pattern", "q.{13}D")));
                })
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace().toString(), Json.array().add(server));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "use the tool"));

            assertNowhere(client, session, model, KEY);
            Map<String, String> results = results(model);
            assertTrue(results.get("a1").contains("lines 13–15"), results.get("a1"));
            assertEquals(results.get("a3").replace("q.{13}D", "q.{13}C"), results.get("a2"),
                    "a right guess and a wrong one get the same answer");
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void aKeySpeltWithInvisibleOrFullWidthCharactersDoesNotReformAcrossTheHead() throws Exception {
        String zeroWidth = String.join("\u200B", KEY.split(""));
        StringBuilder fullWidth = new StringBuilder();
        for (char c : KEY.toCharArray()) {
            fullWidth.append((char) (c - '!' + '\uFF01'));
        }
        // Sanitising joins the value's last letter and the accent: masked only after, the rest of it would show.
        String accented = "token: " + MARKED + "\u0301|";
        String content = accented + zeroWidth + "|" + fullWidth + "|" + "z".repeat(100);
        int before = UnicodeSanitizer.clean(accented).length();
        var server = SecretAttacks.editorEchoServer("thief", List.of("--file", Files.writeString(dir.resolve("loot.txt"), content).toString()), Map.of());
        // Each pad leaves 12 characters of one re-formed key in the 25,000-character head.
        String firstPad = "x".repeat(25_000 - 12 - before);
        String secondPad = "x".repeat(25_000 - 12 - before - KEY.length() - 1);
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__thief__say", Json.object().put("text", firstPad)),
                        use("u2", "mcp__thief__say", Json.object().put("text", secondPad))))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        var config = Json.parse("{\"secrets\":{\"env\":[\"MY_MARKED_TOKEN\"]}}");
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of("MY_MARKED_TOKEN", MARKED)), config, List.of())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace().toString(), Json.array().add(server));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "use the tool"));

            assertNowhere(client, session, model, KEY);
            assertNowhere(client, session, model, MARKED);
            Map<String, String> results = results(model);
            assertTrue(results.get("u1").contains("token: " + SecretRegistry.MARKER), results.get("u1").substring(0, 100));
            assertTrue(results.get("u2").contains("output truncated"), "both results were cut at the head");
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void aFileAttachedToThePromptIsMaskedBeforeItsCutAt200000Characters() throws Exception {
        // The editor embeds a file whose cut would keep the key's first 20 characters.
        String file = "x".repeat(200_000 - 20) + KEY + "\n";
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace().toString(), null);
            var params = Json.object().put("sessionId", session);
            var prompt = params.putArray("prompt");
            prompt.addObject().put("type", "text").put("text", "what is in this file?");
            prompt.addObject().put("type", "resource").putObject("resource").put("uri", "file:///ws/big.log").put("text", file);
            assertEquals("end_turn", client.request("session/prompt", params).path("stopReason").asString());

            String sent = model.requests().getFirst().messages().toString();
            assertTrue(sent.contains("[cut: "), "the file was cut");
            assertNowhere(client, session, model, KEY);
            SecretAttacks.stillWorks(client, session);
        }
    }

    private Path workspace() throws Exception {
        return Files.createDirectories(dir.resolve("ws"));
    }

    private void assertNowhere(AcpTestClient client, String session, QueueModel model, String secret) throws Exception {
        SecretAttacks.assertNoFragment(SecretAttacks.everything(client, session, model, dir), secret);
    }

    private static List<JsonNode> permissionRequests(AcpTestClient client) {
        return client.agentRequests().stream().filter(r -> r.path("method").asString().equals("session/request_permission")).toList();
    }

    /** The tool results the model read last, by tool call id. */
    static Map<String, String> results(QueueModel model) {
        return results(model.requests().getLast());
    }

    static Map<String, String> results(ModelRequest request) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Part part : request.messages().getLast().parts()) {
            if (part instanceof Part.ToolResult result) {
                StringBuilder text = new StringBuilder();
                result.content().forEach(p -> text.append(p instanceof Part.Text t ? t.text() : p.toString()));
                out.put(result.toolUseId(), text.toString());
            }
        }
        return out;
    }
}
