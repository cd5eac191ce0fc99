package dev.tether.agent.subagent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.agent.Conversation;
import dev.tether.agent.StopReason;
import dev.tether.agent.TurnListener;
import dev.tether.agent.TurnTools;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.model.ModelProvider;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.Workspace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The agent tool's own rules: its budget, its answer to the parent, its input. */
class AgentToolTest {
    private final List<String> finished = new CopyOnWriteArrayList<>();

    /** A host whose child's every tool call answers "ok". */
    private SubagentHost host(QueueModel model) {
        return (task, call) -> new SubagentHost.Child() {
            private final Conversation conversation = new Conversation(List.of(), m -> { });

            @Override
            public String id() {
                return "child";
            }

            @Override
            public ModelProvider provider() {
                return model;
            }

            @Override
            public String model() {
                return "queue";
            }

            @Override
            public String system() {
                return "You are a subagent.";
            }

            @Override
            public int maxTokens() {
                return 1000;
            }

            @Override
            public dev.tether.model.ThinkingLevel thinking() {
                return dev.tether.model.ThinkingLevel.OFF;
            }

            @Override
            public TurnTools tools() {
                return new TurnTools() {
                    @Override
                    public List<ToolDefinition> prepare(Cancellation cancellation) {
                        return List.of();
                    }

                    @Override
                    public Step call(Part.ToolUse use, Cancellation cancellation) {
                        return new Step.Answered(new Part.ToolResult(use.id(), List.of(new Part.Text("ok")), false));
                    }
                };
            }

            @Override
            public TurnListener listener() {
                return event -> { };
            }

            @Override
            public Conversation conversation() {
                return conversation;
            }

            @Override
            public Cancellation cancelledByUser() {
                return Cancellation.root();
            }

            @Override
            public void finished(StopReason reason, String answer) {
                finished.add(reason + ":" + answer);
            }

            @Override
            public void close() { }
        };
    }

    private static ToolContext context() {
        return new ToolContext("call", new Workspace(Path.of("."), List.of()), null, content -> { }, Cancellation.root());
    }

    private static String run(AgentTool tool, String task) throws ToolError {
        return ((Part.Text) tool.run(Json.object().put("task", task).put("description", "Look"), context()).forModel().getFirst()).text();
    }

    private static QueueModel busy(int replies) {
        QueueModel model = new QueueModel();
        for (int i = 0; i < replies; i++) {
            model.then(new QueueModel.Reply("", "Still looking " + i + ".", List.of(QueueModel.use("t" + i, "look", Json.object())),
                    dev.tether.model.ModelStopReason.TOOL_USE, Duration.ZERO));
        }
        return model;
    }

    @Test
    void aSubagentStopsAtItsModelRequestBudgetAndSaysSo() throws Exception {
        AgentTool tool = new AgentTool(host(busy(10)), Map::of, new AgentTool.Budget(3, 1_000_000, Duration.ofMinutes(5), 1));
        String answer = run(tool, "Look around");
        assertEquals("Still looking 2.\n\n[The subagent was stopped after 3 model requests.]", answer);
        assertEquals(List.of("MAX_TURN_REQUESTS:Still looking 2."), finished);
    }

    @Test
    void aSubagentStopsAtItsTokenBudgetAndSaysSo() throws Exception {
        // Each response reports 10 input and 5 output tokens: the second passes 20.
        AgentTool tool = new AgentTool(host(busy(10)), Map::of, new AgentTool.Budget(25, 20, Duration.ofMinutes(5), 1));
        String answer = run(tool, "Look around");
        assertTrue(answer.endsWith("[The subagent was stopped because it used its 20 tokens.]"), answer);
    }

    @Test
    void theParentReadsOnlyTheFinalMessage() throws Exception {
        QueueModel model = busy(1).then(QueueModel.Reply.text("Found it in a.txt."));
        AgentTool tool = new AgentTool(host(model), Map::of, AgentTool.Budget.DEFAULT);
        assertEquals("Found it in a.txt.", run(tool, "Find it"));
    }

    @Test
    void anUnknownTypeOrNoTaskIsTheModelsToFix() {
        AgentTool tool = new AgentTool(host(new QueueModel()), () -> Map.of("general", AgentType.GENERAL), AgentTool.Budget.DEFAULT);
        ToolError unknown = assertThrows(ToolError.TellModel.class,
                () -> tool.run(Json.object().put("task", "x").put("description", "x").put("agent_type", "nope"), context()));
        assertEquals("agent: unknown agent_type \"nope\"; known: general.", unknown.getMessage());
        assertThrows(ToolError.TellModel.class, () -> tool.run(Json.object().put("description", "x"), context()));
    }

    @Test
    void aFailedModelRequestIsTheParentsToReadAndEndsTheChild() {
        AgentTool tool = new AgentTool(host(new QueueModel()), Map::of, AgentTool.Budget.DEFAULT);
        ToolError failed = assertThrows(ToolError.TellModel.class, () -> run(tool, "Look"));
        assertEquals("The subagent's model request failed: no reply queued", failed.getMessage());
        assertEquals(List.of("END_TURN:"), finished, "the editor sees the child end");
    }

    @Test
    void titlesAreOneVisibleLine() {
        assertEquals("Fix the evil bug", AgentTool.clip("Fix the\u202E evil\u200B\nbug"));
        assertEquals(80, AgentTool.clip("x".repeat(200)).length());
    }
}
