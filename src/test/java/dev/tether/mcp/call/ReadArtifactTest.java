package dev.tether.mcp.call;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * A result too large to keep inline, read on through ACP: the cut head says how to go on, the
 * model pages it with offset and limit, finds lines with a pattern, and only then is
 * {@code read_artifact} offered; another session cannot read it.
 */
class ReadArtifactTest {
    private static final Pattern ARTIFACT = Pattern.compile("artifact:([0-9a-f]{32})");
    private static final int LINES = 3000;

    @TempDir
    Path dir;

    /** 3,000 numbered rows (about 90,000 characters), one with a needle and hidden characters. */
    static String rows() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= LINES; i++) {
            text.append("row ").append(i).append(i == 2345 ? " needle-\u200Bgold\u202E" : " plain data").append(" ..........\n");
        }
        return text.toString();
    }

    @Test
    void aLargeResultIsPagedAndSearchedWithReadArtifactAndStaysInItsSession() throws Exception {
        String[] id = new String[1];
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__chaos__echo", Json.object().put("text", rows()))))
                .thenAnswer(request -> {
                    id[0] = artifactId(lastResult(request));
                    return QueueModel.Reply.tools(use("c2", "read_artifact", Json.object().put("id", "artifact:" + id[0])
                            .put("offset", 1000).put("limit", 3)));
                })
                .thenAnswer(request -> QueueModel.Reply.tools(use("c3", "read_artifact", Json.object().put("id", id[0])
                        .put("pattern", "needle-\\w+"))))
                .then(QueueModel.Reply.text("found it"))
                .then(QueueModel.Reply.tools(use("d1", "mcp__chaos__echo", Json.object().put("text", rows()))))
                .thenAnswer(request -> QueueModel.Reply.tools(use("d2", "read_artifact", Json.object().put("id", "artifact:" + id[0]))))
                .then(QueueModel.Reply.text("done"));
        ObjectNode config = Json.object();
        config.putObject("mcpServers").putObject("chaos").putObject("toolHints").putObject("echo").put("readOnlyHint", true);
        try (InProcessAgent agent = WiredAgent.start(dir, model, config)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), WiredAgent.servers(WiredAgent.chaos("chaos")));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "echo the rows")).path("result").path("stopReason").asString());

            List<ModelRequest> requests = model.requests();
            assertFalse(names(requests.get(0)).contains("read_artifact"), "not offered before the session has an artifact");
            assertTrue(names(requests.get(1)).contains("read_artifact"), "offered from the first artifact on");

            String head = lastResult(requests.get(1));
            assertTrue(head.contains("[output truncated: the first 25000 of"), head.substring(head.length() - 400));
            assertTrue(head.contains(LINES + " lines"), "the head says how long the whole is");
            Matcher next = Pattern.compile("read_artifact \\{\"id\": \"artifact:" + id[0] + "\", \"offset\": (\\d+)\\}").matcher(head);
            assertTrue(next.find(), "the head says how to read on: " + head.substring(head.length() - 400));
            int offset = Integer.parseInt(next.group(1));
            assertTrue(head.contains("row " + (offset - 1) + " plain") && !head.contains("row " + (offset + 1) + " plain"),
                    "the offset given is where the head stops");

            String page = lastResult(requests.get(2));
            assertTrue(page.contains("lines 1000–1002 of " + LINES), page);
            assertTrue(page.contains("1000: row 1000 plain data") && page.contains("1002: row 1002 plain data"), page);
            assertFalse(page.contains("row 1003 "), "the limit is kept");
            assertTrue(page.contains("offset 1003"), "says how to continue: " + page);

            String found = lastResult(requests.get(3));
            assertTrue(found.contains("2345: row 2345 needle-gold"), "matching lines with their numbers, sanitised: " + found);
            assertFalse(found.contains("\u200B") || found.contains("\u202E"), "invisible characters stay out");
            assertFalse(found.contains("row 2344"), found);

            String other = client.newSession(dir.toString(), WiredAgent.servers(WiredAgent.chaos("chaos")));
            AcpTestClient.await(client.prompt(other, "read the other session's artifact"));
            String refused = lastResult(model.requests().getLast());
            assertTrue(refused.contains("no such artifact"), refused);
            assertFalse(refused.contains("row 1"), "nothing of the other session's artifact");
            assertFalse(artifactId(lastResult(model.requests().get(model.requests().size() - 2))).equals(id[0]));
            assertEquals(List.of(), client.violations());
        }
    }

    static List<String> names(ModelRequest request) {
        return request.tools().stream().map(ToolDefinition::name).toList();
    }

    static String artifactId(String text) {
        Matcher m = ARTIFACT.matcher(text);
        if (!m.find()) {
            throw new AssertionError("no artifact id in " + text.substring(Math.max(0, text.length() - 500)));
        }
        return m.group(1);
    }

    /** The text of the newest tool result in the request. */
    static String lastResult(ModelRequest request) {
        ModelMessage last = request.messages().getLast();
        return last.parts().stream().filter(Part.ToolResult.class::isInstance).map(Part.ToolResult.class::cast)
                .reduce((a, b) -> b).map(r -> r.content().stream().filter(Part.Text.class::isInstance)
                        .map(p -> ((Part.Text) p).text()).collect(Collectors.joining()))
                .orElse("");
    }
}
