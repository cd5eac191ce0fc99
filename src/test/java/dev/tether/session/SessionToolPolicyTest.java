package dev.tether.session;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.session.transcript.ToolAuditTest;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The user's tool lists apply to every projection; progress reaches the editor but never the transcript. */
class SessionToolPolicyTest {
    @TempDir
    Path dir;

    @Test
    void deniedToolsAreNeverOfferedToTheModel() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("ok"));
        List<Tool> mcp = List.of(ToolAuditTest.fakeMcpTool("mcp__fake__shot", ToolTraits.Category.READ),
                ToolAuditTest.fakeMcpTool("mcp__other__look", ToolTraits.Category.READ));
        try (InProcessAgent agent = new InProcessAgent(dir, model, InProcessAgent.serving(mcp),
                new ToolFilter(List.of(), List.of("mcp__fake__*", "run_command")))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            AcpTestClient.await(client.prompt(session, "hi"));
        }
        List<String> offered = model.requests().getFirst().tools().stream().map(ToolDefinition::name).toList();
        assertTrue(offered.contains("mcp__other__look"), offered.toString());
        assertTrue(offered.contains("read_file"));
        assertFalse(offered.contains("mcp__fake__shot"));
        assertFalse(offered.contains("run_command"));
    }

    @Test
    void progressIsShownLiveAndNotReplayed() {
        Tool slow = new Tool() {
            @Override
            public ToolDefinition definition() {
                return new ToolDefinition("mcp__fake__slow", "slow", Json.object().put("type", "object"));
            }

            @Override
            public ToolTraits traits() {
                return new ToolTraits(ToolKind.OTHER, ToolTraits.Category.READ, false, "fake");
            }

            @Override
            public ToolCallView describe(JsonNode input, ToolContext context) {
                return ToolCallView.of("slow", ToolKind.OTHER);
            }

            @Override
            public ToolOutcome run(JsonNode input, ToolContext context) {
                context.progress().show(List.of(ToolDisplay.text("50/100 — halfway")));
                return ToolOutcome.text("done");
            }
        };
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("p", "mcp__fake__slow", Json.object())))
                .then(QueueModel.Reply.text("ok"));
        String session;
        try (InProcessAgent agent = new InProcessAgent(dir, model, InProcessAgent.serving(List.of(slow)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(dir.toString(), null);
            AcpTestClient.await(client.prompt(session, "go"));
            assertTrue(client.updates(session).toString().contains("halfway"), "the editor saw the progress");
        }
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel(), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", dir.toString()).set("mcpServers", Json.array()));
            List<JsonNode> replayed = client.updates(session);
            assertFalse(replayed.toString().contains("halfway"), "progress is not in the transcript");
            assertEquals("completed", replayed.stream().filter(u -> u.path("sessionUpdate").asString().equals("tool_call_update"))
                    .toList().getLast().path("status").asString());
        }
    }
}
