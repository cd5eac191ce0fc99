package dev.tether.attacks;

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
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * A tool that fails with an {@link Error} (not an exception), in its run or in describing the
 * call, must still answer its tool call; and a history that already lost a result somewhere in
 * the middle (written by a Tether that crashed, or by an older version) is repaired on
 * {@code session/load} and {@code session/resume}, so that no request carries a
 * {@code tool_use} without its result — which the provider would reject for the rest of the session.
 */
class DanglingToolCallAttackTest {
    @TempDir
    Path dir;

    /** A tool that throws an Error from run, or from describe when {@code inDescribe}. */
    private static Tool crashing(String name, boolean inDescribe) {
        return crashing(name, inDescribe, false);
    }

    /** ... or from classifying the call when {@code inTraits}. */
    private static Tool crashing(String name, boolean inDescribe, boolean inTraits) {
        return new Tool() {
            @Override
            public ToolTraits traitsFor(JsonNode input, ToolContext context) {
                if (inTraits) {
                    throw new StackOverflowError();
                }
                return traits();
            }

            @Override
            public ToolDefinition definition() {
                return new ToolDefinition(name, "crashes", Json.object().put("type", "object"));
            }

            @Override
            public ToolTraits traits() {
                return new ToolTraits(ToolKind.OTHER, ToolTraits.Category.READ, false, "evil");
            }

            @Override
            public ToolCallView describe(JsonNode input, ToolContext context) {
                if (inDescribe) {
                    throw new StackOverflowError();
                }
                return ToolCallView.of("crash", ToolKind.OTHER);
            }

            @Override
            public ToolOutcome run(JsonNode input, ToolContext context) {
                if (inDescribe || inTraits) {
                    return ToolOutcome.text("ran anyway");
                }
                throw new AssertionError("an Error from deep inside the tool");
            }
        };
    }

    @Test
    void anErrorInRunIsAnErrorResultAlsoAfterLoad() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("e1", "mcp__evil__crash", Json.object())))
                .then(QueueModel.Reply.text("done"));
        Path state = dir.resolve("state");
        String session;
        try (HostileWorkspace attack = new HostileWorkspace(dir, state, model, HostileWorkspace.Fs.EDITOR, null,
                InProcessAgent.serving(List.of(crashing("mcp__evil__crash", false))))) {
            assertEquals("end_turn", attack.prompt("go"));
            assertEquals("failed", attack.lastUpdate("e1").path("status").asString());
            assertEquals("The tool failed unexpectedly.", attack.resultForModel("e1"));
            attack.assertStillWorks();
            session = attack.session;
        }
        QueueModel after = new QueueModel().then(QueueModel.Reply.text("back"));
        try (InProcessAgent agent = new InProcessAgent(state, after, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", dir.resolve("ws").toString())
                    .set("mcpServers", Json.array()));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "again")).path("result").path("stopReason").asString());
            HostileWorkspace.assertEveryToolUseAnswered(after.requests().getLast());
        }
    }

    @Test
    void anErrorInDescribeStillRunsAndAnswersTheCall() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("e2", "mcp__evil__describe", Json.object())))
                .then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.EDITOR, null,
                InProcessAgent.serving(List.of(crashing("mcp__evil__describe", true))))) {
            assertEquals("end_turn", attack.prompt("go"));
            assertEquals("mcp__evil__describe", attack.announcement("e2").path("title").asString());
            assertEquals("ran anyway", attack.resultForModel("e2"));
            attack.assertStillWorks();
        }
    }

    @Test
    void anErrorWhileClassifyingTheCallAsksAndAnswersIt() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("e3", "mcp__evil__traits", Json.object())))
                .then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.EDITOR, null,
                InProcessAgent.serving(List.of(crashing("mcp__evil__traits", false, true))))) {
            assertEquals("end_turn", attack.prompt("go"));
            assertTrue(attack.client.agentRequests().stream()
                    .anyMatch(r -> r.path("method").asString().equals("session/request_permission")), "unknown effects are asked about");
            assertEquals("completed", attack.lastUpdate("e3").path("status").asString(), "the editor does not see it running forever");
            assertEquals("ran anyway", attack.resultForModel("e3"));
            attack.assertStillWorks();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"session/load", "session/resume"})
    void aResultLostMidHistoryIsRepairedOnRestore(String method) throws Exception {
        Path state = dir.resolve("state");
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("first answer"));
        String session;
        try (HostileWorkspace attack = new HostileWorkspace(dir, state, model, HostileWorkspace.Fs.EDITOR, null)) {
            assertEquals("end_turn", attack.prompt("first"));
            session = attack.session;
        }
        // What an older Tether left behind: a tool call whose result was never written, then more talk.
        Path transcript = state.resolve("sessions/" + session + ".jsonl");
        Files.writeString(transcript, String.join("\n",
                "{\"kind\":\"update\",\"update\":{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"lost1\",\"title\":\"Search\","
                        + "\"kind\":\"search\",\"status\":\"pending\"}}",
                message(ModelMessage.assistant(List.of(new Part.ToolUse("lost1", "search", Json.object().put("pattern", "x"))))),
                message(ModelMessage.user(List.of(new Part.Text("why did that stop?"))))) + "\n", StandardOpenOption.APPEND);

        QueueModel after = new QueueModel().then(QueueModel.Reply.text("repaired"));
        try (InProcessAgent agent = new InProcessAgent(state, after, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request(method, Json.object().put("sessionId", session).put("cwd", dir.resolve("ws").toString())
                    .set("mcpServers", Json.array()));
            JsonNode response = AcpTestClient.await(client.prompt(session, "go on"));
            assertEquals("end_turn", response.path("result").path("stopReason").asString(), response.toString());
            HostileWorkspace.assertEveryToolUseAnswered(after.requests().getLast());
            assertTrue(after.requests().getLast().messages().toString().contains("ended without a result"));
            if (method.equals("session/load")) {
                List<JsonNode> lost = client.updates(session).stream().filter(u -> u.path("toolCallId").asString().equals("lost1")).toList();
                assertEquals("failed", lost.getLast().path("status").asString(), "the replay does not leave the call running");
            }
            assertEquals(List.of(), client.violations());
        }
    }

    /** A transcript line for a model message, as the transcript writes it. */
    private static String message(ModelMessage message) {
        var node = Json.object().put("role", message.role() == ModelMessage.Role.USER ? "user" : "assistant");
        var parts = node.putArray("parts");
        for (Part part : message.parts()) {
            switch (part) {
                case Part.Text t -> parts.addObject().put("type", "text").put("text", t.text());
                case Part.ToolUse u -> parts.addObject().put("type", "tool_use").put("id", u.id()).put("name", u.name()).set("input", u.input());
                default -> throw new IllegalArgumentException(part.toString());
            }
        }
        return Json.write(Json.object().put("kind", "message").set("message", node));
    }
}
