package dev.tether.session;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A tool that fails fatally ends the turn over ACP as a failed model request does: the prompt is
 * answered with a stop reason (never a JSON-RPC error), the user reads the message, the call is
 * shown failed, no later call of the step runs, the model is not asked again, and the next prompt
 * works on a conversation in which every tool use has its result.
 */
class FatalToolErrorTest {
    private static final String MESSAGE = "The deploy lock was taken over by another deploy; nothing more can run safely.";

    @TempDir
    Path dir;

    private final AtomicInteger laterCalls = new AtomicInteger();

    private static Tool tool(String name, ThrowingRun run) {
        return new Tool() {
            @Override
            public ToolDefinition definition() {
                return new ToolDefinition(name, "deploys", Json.object().put("type", "object"));
            }

            @Override
            public ToolTraits traits() {
                // Deploy steps change things: they run one after the other, never side by side.
                return new ToolTraits(ToolKind.OTHER, ToolTraits.Category.EXTERNAL, false, "deploy");
            }

            @Override
            public ToolCallView describe(JsonNode input, ToolContext context) {
                return ToolCallView.of(name, ToolKind.OTHER);
            }

            @Override
            public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError {
                return run.run();
            }
        };
    }

    @FunctionalInterface
    private interface ThrowingRun {
        ToolOutcome run() throws ToolError;
    }

    @Test
    void aFatalToolErrorEndsTheTurnWithItsMessageAndTheNextPromptWorks() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("f1", "mcp__deploy__lock", Json.object()), use("f2", "mcp__deploy__push", Json.object())))
                .then(QueueModel.Reply.text("still here"));
        List<Tool> tools = List.of(
                tool("mcp__deploy__lock", () -> {
                    throw new ToolError.Fatal(MESSAGE);
                }),
                tool("mcp__deploy__push", () -> {
                    laterCalls.incrementAndGet();
                    return ToolOutcome.text("pushed");
                }));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.serving(tools))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(Files.createDirectories(dir.resolve("ws")).toString(), null);

            JsonNode first = AcpTestClient.await(client.prompt(session, "deploy"));
            assertEquals("end_turn", first.path("result").path("stopReason").asString(), first.toString());
            assertEquals(1, model.requests().size(), "the model is not asked again in the ended turn");
            assertEquals(0, laterCalls.get(), "no later call of the step runs");
            JsonNode last = client.updates(session).stream().filter(u -> u.path("toolCallId").asString().equals("f1"))
                    .reduce((a, b) -> b).orElseThrow();
            assertEquals("failed", last.path("status").asString());
            assertEquals(MESSAGE, last.path("content").path(0).path("content").path("text").asString());
            assertTrue(client.updates(session, "agent_message_chunk").toString().contains("⚠ Tool call failed: " + MESSAGE),
                    client.updates(session, "agent_message_chunk").toString());

            JsonNode second = AcpTestClient.await(client.prompt(session, "are you still there?"));
            assertEquals("end_turn", second.path("result").path("stopReason").asString(), second.toString());
            assertTrue(client.updates(session, "agent_message_chunk").toString().contains("still here"));
            List<ModelMessage> asked = model.requests().getLast().messages();
            int at = asked.indexOf(ModelMessage.assistant(List.of(use("f1", "mcp__deploy__lock", Json.object()),
                    use("f2", "mcp__deploy__push", Json.object()))));
            assertTrue(at >= 0, asked.toString());
            assertEquals(List.of(
                            new Part.ToolResult("f1", List.of(new Part.Text(MESSAGE)), true),
                            new Part.ToolResult("f2", List.of(new Part.Text("Not run: an earlier call of this step failed and ended the turn.")), true)),
                    asked.get(at + 1).parts().stream().filter(Part.ToolResult.class::isInstance).toList());
            assertEquals(List.of(), client.violations());
        }
    }
}
