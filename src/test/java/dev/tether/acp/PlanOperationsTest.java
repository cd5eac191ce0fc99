package dev.tether.acp;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * update_plan's plan as plan operations for an editor that advertises {@code plan} (the session's
 * plan by its id, replaced, then removed when cleared), and as whole {@code plan} updates for one
 * that does not. Every frame is checked against the schema that defines it.
 */
class PlanOperationsTest {
    private static final String PLAN = """
            {"entries":[{"content":"Read the code","priority":"high","status":"completed"},
                        {"content":"Fix the bug","priority":"medium","status":"in_progress"}]}""";

    @TempDir
    Path dir;

    private List<JsonNode> plans(boolean planOperations) {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("p1", "update_plan", Json.parse(PLAN))))
                .then(QueueModel.Reply.tools(use("p2", "update_plan", Json.parse("{\"entries\":[]}"))))
                .then(QueueModel.Reply.text("Done."));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.request("initialize", planOperations
                    ? "{\"protocolVersion\":1,\"clientCapabilities\":{\"plan\":{}}}" : "{\"protocolVersion\":1,\"clientCapabilities\":{}}");
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "fix it")).path("result").path("stopReason").asString());
            assertEquals(List.of(), client.violations());
            return client.updates(session).stream().filter(u -> u.path("sessionUpdate").asString().startsWith("plan")).toList();
        }
    }

    @Test
    void anEditorThatTakesPlanOperationsGetsThePlanByIdThenItsRemoval() {
        assertEquals(List.of(Json.parse("""
                {"sessionUpdate":"plan_update","plan":{"type":"items","planId":"plan","entries":[
                  {"content":"Read the code","priority":"high","status":"completed"},
                  {"content":"Fix the bug","priority":"medium","status":"in_progress"}]}}"""),
                Json.parse("{\"sessionUpdate\":\"plan_removed\",\"planId\":\"plan\"}")), plans(true));
    }

    @Test
    void otherEditorsGetTheWholePlanEachTime() {
        assertEquals(List.of(Json.parse("""
                {"sessionUpdate":"plan","entries":[
                  {"content":"Read the code","priority":"high","status":"completed"},
                  {"content":"Fix the bug","priority":"medium","status":"in_progress"}]}"""),
                Json.parse("{\"sessionUpdate\":\"plan\",\"entries\":[]}")), plans(false));
    }
}
