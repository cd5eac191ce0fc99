package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * Tether wired as {@code tether acp} wires it — the configured MCP sources (workspace
 * {@code .mcp.json} files, approvals, local servers, policy bindings) and the real MCP launcher —
 * with the user's config file {@code config} and its state under {@code home}, behind an editor
 * that shows notices, answers a workspace server's approval with {@code approvalAnswer} and allows
 * every other permission request once, recording them all.
 */
final class ProjectTrustSession implements AutoCloseable {
    final QueueModel model;
    final AcpTestClient client;
    final List<JsonNode> permissions = new CopyOnWriteArrayList<>();
    private final InProcessAgent agent;

    ProjectTrustSession(Path dir, Path home, QueueModel model, JsonNode config, String approvalAnswer) {
        this.model = model;
        this.agent = WiredAgent.withSources(dir.resolve("acp-state"), model, config, home);
        this.client = agent.client();
        client.onRequest(request -> {
            if (!request.path("method").asString().equals("session/request_permission")) {
                return AcpTestClient.editor(request);
            }
            permissions.add(request.path("params"));
            String option = isApproval(request.path("params")) ? approvalAnswer : "allow_once";
            return Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + option + "\"}}");
        });
        client.request("initialize", AcpTestClient.ZED_INITIALIZE.replace("\"session\":{", "\"session\":{\"notices\":{},"));
    }

    /** A new session in {@code cwd} with the editor's {@code servers} (null for none). */
    String open(Path cwd, ArrayNode servers) {
        return client.newSession(cwd.toString(), servers);
    }

    String prompt(String session, String text) {
        return AcpTestClient.await(client.prompt(session, text)).path("result").path("stopReason").asString();
    }

    /** The questions about workspace servers, in order. */
    List<JsonNode> approvals() {
        return permissions.stream().filter(ProjectTrustSession::isApproval).toList();
    }

    /** The permission requests that are not about starting a workspace server (tool calls, sampling). */
    List<JsonNode> otherPermissions() {
        return permissions.stream().filter(p -> !isApproval(p)).toList();
    }

    /** The text of a workspace server's question. */
    static String questionText(JsonNode approval) {
        return approval.path("toolCall").path("content").path(0).path("content").path("text").asString();
    }

    private static boolean isApproval(JsonNode params) {
        return params.path("toolCall").path("toolCallId").asString().startsWith("mcp-approval-");
    }

    /** What {@code /mcp} answers (no model involved). */
    String mcp(String session) {
        client.clearUpdates(session);
        AcpTestClient.await(client.prompt(session, "/mcp"));
        StringBuilder out = new StringBuilder();
        client.updates(session, "agent_message_chunk").forEach(u -> out.append(u.path("content").path("text").asString()));
        return out.toString();
    }

    /** The session still works: a next prompt gets its answer, and every frame was valid ACP. */
    void assertStillWorks(String session) {
        model.then(QueueModel.Reply.text("still here"));
        assertEquals("end_turn", prompt(session, "are you still there?"));
        assertTrue(client.updates(session, "agent_message_chunk").toString().contains("still here"));
        HostileWorkspace.assertEveryToolUseAnswered(model.requests().getLast());
        assertEquals(List.of(), client.violations());
    }

    @Override
    public void close() {
        agent.close();
    }
}
