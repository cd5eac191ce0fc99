package dev.tether.agent.subagent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code agent} tool end to end through ACP: two subagents at once, each calling a tool of the
 * session's MCP runtime, shown as child sessions where the editor advertises {@code subagents} and
 * as the agent call's progress where it does not; a subagent's write asking the editor in its
 * name; a cancel ending both and their MCP calls before the prompt answers.
 */
class SubagentsTest {
    @TempDir
    Path dir;

    static final String SUBAGENTS_INITIALIZE = """
            {"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":true,"writeTextFile":true},"subagents":{}},
             "clientInfo":{"name":"test","version":"1"}}""";

    /** An MCP-like read-only tool: answers "probe X" once both subagents called it (so they ran at once), or waits for a cancel. */
    static final class Probe implements Tool {
        final CountDownLatch both = new CountDownLatch(2);
        final List<String> events = new CopyOnWriteArrayList<>();
        final boolean blockUntilCancelled;

        Probe(boolean blockUntilCancelled) {
            this.blockUntilCancelled = blockUntilCancelled;
        }

        @Override
        public ToolDefinition definition() {
            return new ToolDefinition("probe", "Probes a thing.", Json.parse("{\"type\":\"object\",\"properties\":{\"which\":{\"type\":\"string\"}}}"));
        }

        @Override
        public ToolTraits traits() {
            return new ToolTraits(ToolKind.READ, ToolTraits.Category.READ, false, "probe-server");
        }

        @Override
        public ToolCallView describe(JsonNode input, ToolContext context) {
            return ToolCallView.of("probe " + input.path("which").asString(), ToolKind.READ);
        }

        @Override
        public ToolOutcome run(JsonNode input, ToolContext context) {
            String which = input.path("which").asString();
            events.add("started " + which);
            both.countDown();
            if (blockUntilCancelled) {
                try {
                    context.cancellation().await(Duration.ofMinutes(5));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                events.add("cancelled " + which);
                throw new CancelledException();
            }
            try {
                // Each waits for the other: only subagents that run at the same time get past this.
                if (!both.await(30, TimeUnit.SECONDS)) {
                    return ToolOutcome.text("probe " + which + " ran alone");
                }
            } catch (InterruptedException e) {
                throw new CancelledException();
            }
            return ToolOutcome.text("probe " + which);
        }
    }

    static String text(ModelMessage message) {
        return message.parts().stream().map(p -> switch (p) {
            case Part.Text t -> t.text();
            case Part.ToolResult r -> r.content().stream().filter(Part.Text.class::isInstance).map(c -> ((Part.Text) c).text())
                    .collect(Collectors.joining());
            default -> "";
        }).collect(Collectors.joining());
    }

    static boolean isChild(ModelRequest request) {
        return request.system().contains("You are a subagent");
    }

    static List<Part.ToolResult> results(ModelRequest request) {
        List<Part.ToolResult> results = new ArrayList<>();
        request.messages().forEach(m -> m.parts().stream().filter(Part.ToolResult.class::isInstance)
                .forEach(p -> results.add((Part.ToolResult) p)));
        return results;
    }

    static ObjectNode task(String which, String type) {
        ObjectNode input = Json.object().put("task", "Probe thing " + which).put("description", "Probe " + which);
        if (type != null) {
            input.put("agent_type", type);
        }
        return input;
    }

    /** Parent: start two subagents, then report what came back. Child: call {@code tool}, then answer with its result. */
    static Function<ModelRequest, QueueModel.Reply> router(String tool, String type) {
        return request -> {
            List<Part.ToolResult> results = results(request);
            if (!isChild(request)) {
                return results.isEmpty()
                        ? QueueModel.Reply.tools(QueueModel.use("a", "agent", task("A", type)), QueueModel.use("b", "agent", task("B", type)))
                        : QueueModel.Reply.text("Both done.");
            }
            String first = text(request.messages().getFirst());
            String which = first.substring(first.length() - 1);
            if (results.isEmpty()) {
                ObjectNode input = tool.equals("probe") ? Json.object().put("which", which)
                        : tool.startsWith("mcp__") ? Json.object().put("text", which)
                        : Json.object().put("path", "out-" + which + ".txt").put("content", "from " + which);
                return QueueModel.Reply.tools(QueueModel.use("p" + which, tool, input));
            }
            return QueueModel.Reply.text("Thing " + which + ": " + text(request.messages().getLast()));
        };
    }

    static QueueModel model(Function<ModelRequest, QueueModel.Reply> router, int replies) {
        QueueModel model = new QueueModel();
        for (int i = 0; i < replies; i++) {
            model.thenAnswer(router);
        }
        return model;
    }

    @Test
    void twoSubagentsRunAtOnceAsChildSessionsAndTheParentsModelSeesOnlyTheirAnswers() throws Exception {
        Probe probe = new Probe(false);
        QueueModel model = model(router("probe", null), 6);
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.serving(List.of(probe)))) {
            AcpTestClient client = agent.client();
            client.request("initialize", SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            JsonNode answer = AcpTestClient.await(client.prompt(parent, "Probe both things."));
            assertEquals("end_turn", answer.path("result").path("stopReason").asString());
            assertFalse(probe.events.stream().anyMatch(e -> e.contains("alone")));

            // The parent's model saw each subagent's final message and nothing else of their work.
            ModelRequest last = model.requests().getLast();
            assertFalse(isChild(last));
            List<String> answers = results(last).stream().map(r -> text(ModelMessage.user(List.of(r)))).sorted().toList();
            assertEquals(List.of("Thing A: probe A", "Thing B: probe B"), answers);
            assertEquals(3, last.messages().size(), "prompt, the agent calls, their results");
            assertTrue(model.requests().stream().filter(SubagentsTest::isChild)
                    .allMatch(r -> r.tools().stream().map(ToolDefinition::name).noneMatch(n -> n.equals("agent") || n.equals("write_file"))),
                    "a subagent gets the read-only subset, without agent");

            List<JsonNode> parentUpdates = client.updates(parent);
            List<JsonNode> announced = client.updates(parent, "subagent_update").stream().filter(u -> u.has("title")).toList();
            assertEquals(2, announced.size());
            for (JsonNode announcement : announced) {
                String child = announcement.path("sessionId").asString();
                assertTrue(announcement.path("title").asString().startsWith("Probe "));
                assertEquals("{}", announcement.path("capabilities").path("cancel").toString());
                // Announced before any of its traffic; its own updates carry its id.
                List<JsonNode> childUpdates = client.updates(child);
                assertTrue(childUpdates.stream().anyMatch(u -> u.path("sessionUpdate").asString().equals("tool_call")
                        && u.path("title").asString().startsWith("probe ")), "the child's MCP call is shown in the child");
                assertTrue(childUpdates.stream().anyMatch(u -> u.path("sessionUpdate").asString().equals("agent_message_chunk")));
                JsonNode task = childUpdates.stream().filter(u -> u.path("sessionUpdate").asString().equals("session_message")).findFirst().orElseThrow();
                assertEquals(parent, task.path("senderSessionId").asString());
                assertTrue(task.path("content").get(0).path("text").asString().startsWith("Probe thing "));
                // The parent's call links to it, and the parent hears its answer and sees it end.
                assertTrue(parentUpdates.stream().anyMatch(u -> u.path("sessionUpdate").asString().equals("tool_call_update")
                        && u.path("content").path(0).path("type").asString().equals("session")
                        && u.path("content").path(0).path("sessionId").asString().equals(child)), "the agent call links to the child");
                assertTrue(parentUpdates.stream().anyMatch(u -> u.path("sessionUpdate").asString().equals("session_message")
                        && u.path("senderSessionId").asString().equals(child) && u.path("content").get(0).path("text").asString().startsWith("Thing ")));
                assertTrue(parentUpdates.stream().anyMatch(u -> u.path("sessionUpdate").asString().equals("subagent_update")
                        && u.path("sessionId").asString().equals(child) && u.path("state").path("stopReason").asString().equals("end_turn")));
            }
            assertEquals(List.of(), client.violations(), "every frame is valid against the schema");
        }
    }

    @Test
    void withoutSubagentsInTheEditorTheirWorkIsTheAgentCallsProgress() throws Exception {
        Probe probe = new Probe(false);
        QueueModel model = model(router("probe", null), 6);
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.serving(List.of(probe)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String parent = client.newSession(work.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(parent, "Probe both things.")).path("result").path("stopReason").asString());

            List<JsonNode> updates = client.updates(parent);
            assertTrue(updates.stream().noneMatch(u -> u.path("sessionUpdate").asString().startsWith("subagent")
                    || u.path("sessionUpdate").asString().startsWith("session_message")));
            for (String call : List.of("a", "b")) {
                String progress = updates.stream().filter(u -> u.path("toolCallId").asString().equals(call))
                        .map(u -> u.path("content").toString()).collect(Collectors.joining("\n"));
                assertTrue(progress.contains("✓ probe "), "the subagent's MCP call is in the agent call's content: " + progress);
                assertTrue(progress.contains("Thing "), progress);
            }
            JsonNode start = updates.stream().filter(u -> u.path("sessionUpdate").asString().equals("tool_call")
                    && u.path("toolCallId").asString().equals("a")).findFirst().orElseThrow();
            assertEquals("Subagent: Probe A", start.path("title").asString());
            assertEquals(1, client.request("session/list", "{}").path("sessions").size(), "subagents are not the user's sessions");
            Path kept = dir.resolve("state/sessions/subagents").resolve(parent);
            try (var files = Files.list(kept)) {
                assertEquals(2, files.filter(f -> f.toString().endsWith(".jsonl") && !f.toString().endsWith(".audit.jsonl")).count(),
                        "each subagent keeps a transcript beside the parent's");
            }
            client.request("session/delete", Json.object().put("sessionId", parent));
            assertFalse(Files.exists(kept), "deleted with the parent");
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aSubagentsWriteAsksTheEditorNamingTheSubagentAndItsTask() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.createDirectories(work.resolve(".tether/agents"));
        Files.writeString(work.resolve(".tether/agents/writer.md"), """
                ---
                name: writer
                description: Writes files
                tools: Read, Write
                ---
                Write what you are asked to write.
                """);
        QueueModel model = model(router("write_file", "writer"), 6);
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.request("initialize", SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(parent, "Write both.")).path("result").path("stopReason").asString());

            List<JsonNode> asked = client.agentRequests().stream()
                    .filter(r -> r.path("method").asString().equals("session/request_permission")).toList();
            assertEquals(2, asked.size());
            for (JsonNode request : asked) {
                JsonNode call = request.path("params").path("toolCall");
                assertTrue(call.path("title").asString().startsWith("Subagent “Probe "), call.toString());
                assertTrue(call.path("content").get(0).path("content").path("text").asString().contains("working on: Probe thing "));
                assertFalse(request.path("params").path("sessionId").asString().equals(parent), "asked in the child's session");
            }
            // While it asked, the parent showed the child waiting for the user, then running again.
            for (JsonNode announced : client.updates(parent, "subagent_update").stream().filter(u -> u.has("title")).toList()) {
                String child = announced.path("sessionId").asString();
                List<String> states = client.updates(parent, "subagent_update").stream().filter(u -> u.path("sessionId").asString().equals(child))
                        .map(u -> u.path("state").path("state").asString()).toList();
                assertEquals(List.of("running", "requires_action", "running", "idle"), states);
            }
            assertEquals("from A", Files.readString(work.resolve("out-A.txt")));
            assertEquals("from B", Files.readString(work.resolve("out-B.txt")));
            assertEquals(List.of(), client.violations());
        }
    }

    private Path writerProject() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.createDirectories(work.resolve(".tether/agents"));
        Files.writeString(work.resolve(".tether/agents/writer.md"), "---\nname: writer\ndescription: Writes files\ntools: Write\n---\n");
        return work;
    }

    @Test
    void withoutSubagentsInTheEditorASubagentsWriteIsAskedOnTheParentAboutACallAnnouncedThere() throws Exception {
        Path work = writerProject();
        QueueModel model = model(router("write_file", "writer"), 6);
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String parent = client.newSession(work.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(parent, "Write both.")).path("result").path("stopReason").asString());

            List<JsonNode> asked = client.agentRequests().stream()
                    .filter(r -> r.path("method").asString().equals("session/request_permission")).toList();
            assertEquals(2, asked.size());
            List<JsonNode> updates = client.updates(parent);
            for (JsonNode request : asked) {
                assertEquals(parent, request.path("params").path("sessionId").asString());
                JsonNode call = request.path("params").path("toolCall");
                assertTrue(call.path("title").asString().startsWith("Subagent “Probe "), call.toString());
                String id = call.path("toolCallId").asString();
                assertTrue(updates.stream().anyMatch(u -> u.path("sessionUpdate").asString().equals("tool_call")
                        && u.path("toolCallId").asString().equals(id)), "the call asked about was announced on the parent");
                assertTrue(updates.stream().anyMatch(u -> u.path("toolCallId").asString().equals(id)
                        && u.path("status").asString().equals("completed")), "and then shows it was allowed");
            }
            assertEquals("from A", Files.readString(work.resolve("out-A.txt")));
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void anAlwaysAllowInTheParentHoldsForItsSubagents() throws Exception {
        Path work = writerProject();
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(QueueModel.use("w", "write_file", Json.object().put("path", "out-P.txt").put("content", "from P"))))
                .then(QueueModel.Reply.text("Written."))
                .then(QueueModel.Reply.tools(QueueModel.use("a", "agent", task("A", "writer"))))
                .then(QueueModel.Reply.tools(QueueModel.use("pA", "write_file", Json.object().put("path", "out-A.txt").put("content", "from A"))))
                .then(QueueModel.Reply.text("Thing A written."))
                .then(QueueModel.Reply.text("Done."));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> request.path("method").asString().equals("session/request_permission")
                    ? Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow_always\"}}")
                    : AcpTestClient.editor(request));
            client.request("initialize", SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(parent, "Write one.")).path("result").path("stopReason").asString());
            assertEquals("end_turn", AcpTestClient.await(client.prompt(parent, "Have a subagent write one.")).path("result")
                    .path("stopReason").asString());

            List<JsonNode> asked = client.agentRequests().stream()
                    .filter(r -> r.path("method").asString().equals("session/request_permission")).toList();
            assertEquals(1, asked.size(), "the subagent's write is not asked about again: " + asked);
            assertEquals(parent, asked.getFirst().path("params").path("sessionId").asString());
            assertEquals("from P", Files.readString(work.resolve("out-P.txt")));
            assertEquals("from A", Files.readString(work.resolve("out-A.txt")));
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void theSessionsSubagentBudgetStopsASubagentAndTheParentReadsWhy() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        // One model request allowed: the subagent's tool call uses it, and the answer it would write next never comes.
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(QueueModel.use("a", "agent", task("A", null))))
                .then(QueueModel.Reply.tools(QueueModel.use("l", "list_files", Json.object().put("path", "."))))
                .then(QueueModel.Reply.text("Stopped early, as told."));
        AgentTool.Budget one = new AgentTool.Budget(1, 400_000, Duration.ofMinutes(1), 1);
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP, ToolFilter.ALLOW_ALL,
                services -> services.withLimits(services.limits().withSubagents(one)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String parent = client.newSession(work.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(parent, "Delegate.")).path("result").path("stopReason").asString());
            String seen = text(model.requests().getLast().messages().getLast());
            assertTrue(seen.contains("[The subagent was stopped after 1 model requests.]"), seen);
        }
    }

    @Test
    void aSubagentsPermissionRequestNeverHangsACancel() throws Exception {
        Path work = writerProject();
        QueueModel model = model(router("write_file", "writer"), 6);
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> request.path("method").asString().equals("session/request_permission") ? null
                    : AcpTestClient.editor(request)); // the user never answers
            client.request("initialize", SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            CompletableFuture<JsonNode> prompt = client.prompt(parent, "Write both.");
            Waits.eventually(Duration.ofSeconds(30), () -> client.agentRequests().size() == 2, "both subagents asking");
            client.cancel(parent);
            assertEquals("cancelled", AcpTestClient.await(prompt).path("result").path("stopReason").asString());
            List<String> asked = client.agentRequests().stream().map(r -> r.path("id").toString()).sorted().toList();
            List<String> withdrawn = client.cancelRequests().stream().map(c -> c.path("requestId").toString()).sorted().toList();
            assertEquals(asked, withdrawn, "both permission requests were withdrawn");
            assertFalse(Files.exists(work.resolve("out-A.txt")));
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void cancellingTheParentsTurnEndsBothSubagentsAndTheirMcpCallsBeforeThePromptAnswers() throws Exception {
        Probe probe = new Probe(true);
        QueueModel model = model(router("probe", null), 6);
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.serving(List.of(probe)))) {
            AcpTestClient client = agent.client();
            client.request("initialize", SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            CompletableFuture<JsonNode> prompt = client.prompt(parent, "Probe both things.");
            assertTrue(probe.both.await(30, TimeUnit.SECONDS), "both subagents are in their MCP call");
            client.cancel(parent);
            JsonNode answer = AcpTestClient.await(prompt);
            List<String> atAnswer = List.copyOf(probe.events);
            List<JsonNode> updatesAtAnswer = client.updates(parent);
            assertEquals("cancelled", answer.path("result").path("stopReason").asString());
            assertTrue(atAnswer.containsAll(List.of("cancelled A", "cancelled B")), "both MCP calls ended first: " + atAnswer);
            long endedCancelled = updatesAtAnswer.stream().filter(u -> u.path("sessionUpdate").asString().equals("subagent_update")
                    && u.path("state").path("stopReason").asString().equals("cancelled")).count();
            assertEquals(2, endedCancelled, "both subagents were shown ended before the answer");
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void theEditorCancelsOneSubagentAloneAndTheParentGoesOn() throws Exception {
        Probe probe = new Probe(true);
        QueueModel model = model(router("probe", null), 6);
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.serving(List.of(probe)))) {
            AcpTestClient client = agent.client();
            client.request("initialize", SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            CompletableFuture<JsonNode> prompt = client.prompt(parent, "Probe both things.");
            assertTrue(probe.both.await(30, TimeUnit.SECONDS));
            Waits.eventually(Duration.ofSeconds(30), () -> client.updates(parent, "subagent_update").size() == 2, "both announced");
            for (JsonNode announced : client.updates(parent, "subagent_update").stream().filter(u -> u.has("title")).toList()) {
                client.cancel(announced.path("sessionId").asString());
            }
            assertEquals("end_turn", AcpTestClient.await(prompt).path("result").path("stopReason").asString());
            String results = results(model.requests().getLast()).stream().map(r -> text(ModelMessage.user(List.of(r))))
                    .collect(Collectors.joining("|"));
            assertTrue(results.contains("The user cancelled the subagent."), results);
            assertEquals(List.of(), client.violations());
        }
    }
}
