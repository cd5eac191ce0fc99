package dev.tether.faults;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.mcp.ChaosHttpMcpServer;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streamable-HTTP MCP server that fails the HTTP way: the session expires (404) mid-call, a
 * request is refused with 401, the server answers 500, an SSE answer is cut before its end (and
 * resumed with {@code Last-Event-ID}), the connection is reset. Whatever recovery Tether runs, the
 * user sees the call succeed or fail readably, and the server is usable again after
 * {@code /mcp reconnect} at the latest.
 */
class HttpFaultTest {
    static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 10, \"callIdleSeconds\": 5}}";

    @TempDir
    Path state;

    private static FaultSession web(Path state, QueueModel model, ChaosHttpMcpServer server) {
        return FaultSession.start(state, model, CONFIG, tag -> FaultSession.servers(FaultSession.httpServer("web", server.url())));
    }

    private static QueueModel calling(String tool) {
        return new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__web__" + tool, Json.object())))
                .then(QueueModel.Reply.text("the model read the result"));
    }

    /** The server answers again after {@code /mcp reconnect web} (or sooner): an echo completes. */
    private static void usableAgain(FaultSession s) {
        s.prompt("/mcp reconnect web");
        s.model.then(QueueModel.Reply.tools(use("again", "mcp__web__echo", Json.object().put("text", "back again"))))
                .then(QueueModel.Reply.text("it answered"));
        assertEquals("end_turn", s.prompt("echo once more"));
        assertTrue(FaultChecks.completedCall(s, "again").contains("back again"));
    }

    @Test
    void aSessionThatExpiresMidCallIsRetriedOrFailsClearly() throws Exception {
        try (ChaosHttpMcpServer server = new ChaosHttpMcpServer(); FaultSession s = web(state, calling("expire"), server)) {
            String stop = s.prompt("call expire");
            FaultSession.ToolCallSeen call = s.toolCall("c1");
            String shown = call.status().equals("completed") ? call.shown() : FaultChecks.failedCall(s, "c1");
            FaultChecks.assertReadable(shown, "web", "survived the expiry|session|404|not found");
            usableAgain(s);
            FaultChecks.afterFault(s, stop, "end_turn", shown, "web", ".");
        }
    }

    @Test
    void a401MidSessionSaysSignInIsNeeded() throws Exception {
        try (ChaosHttpMcpServer server = new ChaosHttpMcpServer(); FaultSession s = web(state, calling("unauthorized"), server)) {
            String stop = s.prompt("call unauthorized");
            String shown = FaultChecks.failedCall(s, "c1");
            usableAgain(s);
            FaultChecks.afterFault(s, stop, "end_turn", shown, "web", "authori[sz]|sign in|401");
        }
    }

    @Test
    void a500FailsTheCallWithTheStatus() throws Exception {
        try (ChaosHttpMcpServer server = new ChaosHttpMcpServer(); FaultSession s = web(state, calling("fail500"), server)) {
            String stop = s.prompt("call fail500");
            String shown = FaultChecks.failedCall(s, "c1");
            usableAgain(s);
            FaultChecks.afterFault(s, stop, "end_turn", shown, "web", "500");
        }
    }

    @Test
    void aStreamCutMidAnswerIsResumedWithLastEventId() throws Exception {
        try (ChaosHttpMcpServer server = new ChaosHttpMcpServer(); FaultSession s = web(state, calling("cut"), server)) {
            String stop = s.prompt("call cut");
            assertEquals(1, server.resumed(), "the answer came through a GET with Last-Event-ID");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.completedCall(s, "c1"), "web", "resumed after the cut");
        }
    }

    @Test
    void aResetConnectionFailsTheCallReadably() throws Exception {
        try (ChaosHttpMcpServer server = new ChaosHttpMcpServer(); FaultSession s = web(state, calling("reset"), server)) {
            String stop = s.prompt("call reset");
            String shown = FaultChecks.failedCall(s, "c1");
            usableAgain(s);
            FaultChecks.afterFault(s, stop, "end_turn", shown, "web", "closed the connection|connection to \\S+ (broke|failed)|connection refused by");
        }
    }
}
