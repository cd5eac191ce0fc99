package dev.tether.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.interaction.ServerRequestHandler;
import dev.tether.testing.mcp.WirePeer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The tasks extension of MCP 2026-07-28 at the wire seam: which requests declare it, how a flat task
 * handle and a detailed {@code tasks/get} answer map onto {@link McpTaskState}, and that a task is
 * refused where Tether did not ask for one.
 */
class ExtensionTasksTest {
    private static final Duration T = Duration.ofSeconds(5);
    private static final String EXT = "io.modelcontextprotocol/tasks";

    private static WirePeer peer(String capabilities, Function<JsonNode, String> answers) {
        return new WirePeer(message -> json(switch (message.path("method").asString("")) {
            case "server/discover" -> "{'result':{'resultType':'complete','supportedVersions':['2026-07-28'],"
                    + "'capabilities':" + capabilities + ",'cacheScope':'private','ttlMs':0}}";
            default -> answers.apply(message);
        }));
    }

    private static McpClientSession client(WirePeer peer, ServerRequestHandler handler) {
        McpClientSession client = new McpClientSession("s", peer, () -> { }, handler);
        client.discover(Stateless2026.VERSION, "1", Json.object(), T, Cancellation.root());
        return client;
    }

    private static boolean declaresExtension(JsonNode request) {
        return request.path("params").path("_meta").path("io.modelcontextprotocol/clientCapabilities")
                .path("extensions").has(EXT);
    }

    @Test
    void aTaskHandleAndItsDetailedStatesMapOntoTheTaskModel() {
        WirePeer peer = peer("{'tools':{},'extensions':{'" + EXT + "':{}}}", m -> switch (m.path("method").asString()) {
            case "tools/call" -> "{'result':{'resultType':'task','taskId':'t1','status':'working','createdAt':'c',"
                    + "'lastUpdatedAt':'c','ttlMs':600000,'pollIntervalMs':250,'requestState':'s1'}}";
            case "tasks/get" -> m.path("params").path("requestState").asString("").equals("s1")
                    ? "{'result':{'resultType':'complete','taskId':'t1','status':'completed','createdAt':'c',"
                    + "'result':{'content':[{'type':'text','text':'done'}]}}}"
                    : "{'error':{'code':-32602,'message':'requestState was not echoed'}}";
            default -> "{'result':{'resultType':'complete'}}";
        });
        try (McpClientSession client = client(peer, ServerRequestHandler.NOT_OFFERED)) {
            assertTrue(client.tasks().declaresToolTasks() && client.tasks().declaresCancel());
            McpTaskState.Created created = client.tasks().create("job", Json.object(), T, Cancellation.root());
            assertEquals(new McpTaskState("t1", McpTaskState.Status.WORKING, null, "c", 250L,
                    new McpTaskState.Detail(null, null, Map.of(), "s1")), created.task());

            McpTaskState done = client.tasks().get(created.task(), T, Cancellation.root());
            assertEquals(McpTaskState.Status.COMPLETED, done.status());
            assertEquals(new McpCallResult(List.of(new McpContent.Text("done")), null, false), done.detail().result());
            client.tasks().cancel(done, T, Cancellation.root());
        }
        assertTrue(peer.sent.stream().filter(m -> m.has("method") && !m.path("method").asString().equals("server/discover"))
                .allMatch(ExtensionTasksTest::declaresExtension), "every task request declares the extension");
        assertFalse(peer.requests("tasks/cancel").getFirst().path("params").has("requestState"),
                "the last task-bearing answer carried no requestState, so none is sent");
    }

    @Test
    void aCallAnsweredAtOnceIsATaskThatAlreadyCompletedAndIsNeverCancelled() {
        WirePeer peer = peer("{'tools':{},'extensions':{'" + EXT + "':{}}}",
                m -> "{'result':{'resultType':'complete','content':[{'type':'text','text':'quick'}]}}");
        try (McpClientSession client = client(peer, ServerRequestHandler.NOT_OFFERED)) {
            McpTaskState task = client.tasks().create("job", Json.object(), T, Cancellation.root()).task();
            assertEquals(McpTaskState.Status.COMPLETED, task.status());
            assertEquals(List.of(new McpContent.Text("quick")), task.detail().result().content());
            client.tasks().cancel(task, T, Cancellation.root());
        }
        assertEquals(List.of(), peer.requests("tasks/cancel"));
    }

    @Test
    void failuresInputRequestsAndTheirBoundsAreRead() {
        McpTaskState failed = ExtensionTasks.task(json("{'taskId':'t','status':'failed','createdAt':'c',"
                + "'error':{'code':-32603,'message':'worker crashed'}}"), "tasks/get");
        assertEquals("worker crashed (code -32603)", failed.detail().error());
        assertNull(failed.detail().result());

        McpTaskState asking = ExtensionTasks.task(json("{'taskId':'t','status':'input_required','createdAt':'c',"
                + "'pollIntervalMilliseconds':40,'inputRequests':{'k':{'method':'elicitation/create','params':{}}}}"), "tasks/get");
        assertEquals(40L, asking.pollIntervalMs(), "the earlier draft's field name is read too");
        assertEquals(List.of("k"), List.copyOf(asking.detail().inputRequests().keySet()));

        StringBuilder many = new StringBuilder("{");
        for (int i = 0; i <= ExtensionTasks.MAX_INPUT_REQUESTS; i++) {
            many.append(i == 0 ? "" : ",").append("'k").append(i).append("':{'method':'roots/list'}");
        }
        McpError.Refused tooMany = assertThrows(McpError.Refused.class, () -> ExtensionTasks.task(json("{'taskId':'t',"
                + "'status':'input_required','createdAt':'c','inputRequests':" + many + "}}"), "tasks/get"));
        assertTrue(tooMany.getMessage().contains("at most " + ExtensionTasks.MAX_INPUT_REQUESTS), tooMany.getMessage());
        assertThrows(McpError.Malformed.class, () -> ExtensionTasks.task(json("{'status':'working','createdAt':'c'}"), "tasks/get"));
    }

    @Test
    void aTaskAnsweredToAPlainCallIsRefusedAndToolsBecomeStartableAsTasksOnlyWithTheExtension() {
        String tools = "{'result':{'resultType':'complete','tools':[{'name':'job','inputSchema':{'type':'object'}},"
                + "{'name':'never','inputSchema':{'type':'object'},'execution':{'taskSupport':'forbidden'}}],'ttlMs':0,'cacheScope':'private'}}";
        Function<JsonNode, String> answers = m -> m.path("method").asString().equals("tools/list") ? tools
                : "{'result':{'resultType':'task','taskId':'t1','status':'working','createdAt':'c'}}";
        McpClientSession.CallLimits limits = new McpClientSession.CallLimits(T, T);
        WirePeer withExtension = peer("{'tools':{},'extensions':{'" + EXT + "':{}}}", answers);
        try (McpClientSession client = client(withExtension, ServerRequestHandler.NOT_OFFERED)) {
            List<McpToolInfo> listed = client.listTools(CatalogBounds.DEFAULT, T, Cancellation.root());
            assertEquals(List.of(McpToolInfo.TaskSupport.OPTIONAL, McpToolInfo.TaskSupport.FORBIDDEN),
                    listed.stream().map(McpToolInfo::taskSupport).toList(), "the server decides per call; a stated support stands");
            McpError.Malformed refused = assertThrows(McpError.Malformed.class,
                    () -> client.callTool("job", Json.object(), limits, Cancellation.root(), p -> { }));
            assertTrue(refused.getMessage().contains("did not declare the tasks extension"), refused.getMessage());
        }
        assertFalse(declaresExtension(withExtension.requests("tools/call").getFirst()), "a plain call does not declare it");

        WirePeer without = peer("{'tools':{}}", answers);
        try (McpClientSession client = client(without, ServerRequestHandler.NOT_OFFERED)) {
            assertEquals(McpToolInfo.TaskSupport.FORBIDDEN,
                    client.listTools(CatalogBounds.DEFAULT, T, Cancellation.root()).getFirst().taskSupport());
            assertFalse(client.tasks().declaresToolTasks());
        }
    }

    private static JsonNode json(String text) {
        return Json.parse(text.replace('\'', '"'));
    }
}
