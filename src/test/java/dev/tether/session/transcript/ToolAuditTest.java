package dev.tether.session.transcript;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Every MCP call lands in the session's audit log with its decision and outcome; images reach only models that take them. */
public class ToolAuditTest {
    @TempDir
    Path dir;

    /** A stand-in for an MCP tool: audited, returns text and an image. */
    public static Tool fakeMcpTool(String name, ToolTraits.Category category) {
        return new Tool() {
            @Override
            public ToolDefinition definition() {
                return new ToolDefinition(name, "fake", Json.object().put("type", "object"));
            }

            @Override
            public ToolTraits traits() {
                return new ToolTraits(ToolKind.OTHER, category, false, "fake");
            }

            @Override
            public ToolCallView describe(JsonNode input, ToolContext context) {
                return ToolCallView.of("fake: " + name, ToolKind.OTHER);
            }

            @Override
            public ToolOutcome run(JsonNode input, ToolContext context) {
                return new ToolOutcome(List.of(new Part.Text("a picture"), new Part.Image("image/png", "iVBORw0KGgo=")),
                        List.of(ToolDisplay.text("a picture")), null, false,
                        Json.object().set("validationErrors", Json.array().add("$.x: required")));
            }

            @Override
            public JsonNode auditInfo() {
                return Json.object().put("server", "fake").put("tool", name).set("hints", Json.object().put("readOnlyHint", true));
            }
        };
    }

    @Test
    void callsAreAuditedWithDecisionOutcomeAndToolDetails() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("a", "mcp__fake__shot", Json.object()), use("b", "mcp__fake__drop", Json.object())))
                .then(QueueModel.Reply.text("seen"));
        List<Tool> tools = List.of(fakeMcpTool("mcp__fake__shot", ToolTraits.Category.READ), fakeMcpTool("mcp__fake__drop", ToolTraits.Category.EXTERNAL));
        String session;
        try (InProcessAgent agent = new InProcessAgent(dir, model, InProcessAgent.serving(tools))) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"reject_once\"}}"));
            client.initialize();
            session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "look")).path("result").path("stopReason").asString());
            assertEquals(List.of(), client.violations());
        }
        List<String> lines = Files.readAllLines(dir.resolve("sessions").resolve(session + ".audit.jsonl"));
        assertEquals(2, lines.size());
        JsonNode shot = Json.parse(lines.get(0));
        assertEquals("fake", shot.path("server").asString());
        assertEquals("allowed", shot.path("decision").asString());
        assertEquals("policy", shot.path("decidedBy").asString(), "a read runs by policy, without asking");
        assertEquals("completed", shot.path("outcome").asString());
        assertEquals("$.x: required", shot.path("validationErrors").path(0).asString());
        assertTrue(shot.path("hints").path("readOnlyHint").asBoolean());
        JsonNode drop = Json.parse(lines.get(1));
        assertEquals("rejected", drop.path("decision").asString());
        assertEquals("user", drop.path("decidedBy").asString());
        assertEquals("not_run", drop.path("outcome").asString());

        // This model takes no images: it reads what the image was instead of its bytes.
        Part.ToolResult result = (Part.ToolResult) model.requests().get(1).messages().getLast().parts().getFirst();
        assertFalse(result.content().stream().anyMatch(Part.Image.class::isInstance));
        assertTrue(result.content().toString().contains("Image not shown"), result.content().toString());
    }
}
