package dev.tether.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.transport.ResumableSseServer.Resume;
import dev.tether.mcp.transport.ResumableSseServer.Resumption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A tool call whose SSE answer stream the server closes early is resumed with GET and
 * {@code Last-Event-ID} after the server's {@code retry:} delay, or fails with a reason, never
 * by waiting for the call's timeout.
 */
class SseResumptionTest {
    private static final McpClientSession.CallLimits LIMITS =
            new McpClientSession.CallLimits(Duration.ofSeconds(20), Duration.ofSeconds(20));

    @Test
    void theCallIsResumedWithTheLastEventIdAfterTheServersRetryDelay() {
        // Longer than the 1 s Tether waits when a server names no delay: waiting at least this long shows it is the server's.
        try (ResumableSseServer server = new ResumableSseServer(1500, true, Resume.ANSWER);
             McpClientSession session = connect(server)) {
            McpCallResult result = session.callTool("slow", Json.object(), LIMITS, Cancellation.root(), p -> { });

            assertEquals(List.of(new McpContent.Text(ResumableSseServer.ANSWER)), result.content());
            List<Resumption> resumptions = server.resumptions();
            assertEquals(List.of("e-1"), resumptions.stream().map(Resumption::lastEventId).toList());
            long delay = resumptions.getFirst().millisAfterClose();
            assertTrue(delay >= 1450, "resumed " + delay + " ms after the close, asked for 1500 ms");
        }
    }

    @Test
    void aStreamWithoutAnEventIdFailsTheCallAtOnce() {
        try (ResumableSseServer server = new ResumableSseServer(300, false, Resume.ANSWER);
             McpClientSession session = connect(server)) {
            McpError e = assertThrows(McpError.class,
                    () -> session.callTool("slow", Json.object(), LIMITS, Cancellation.root(), p -> { }));

            // Failed for the missing event id, not by the call's timeout (whose message says so).
            assertEquals("tools/call failed: the server closed the response stream before answering and sent no event id"
                    + " to resume it from", e.getMessage());
            assertEquals(List.of(), server.resumptions());
        }
    }

    @Test
    void aRefusedResumptionFailsTheCallWithTheServersAnswer() {
        try (ResumableSseServer server = new ResumableSseServer(50, true, Resume.REFUSE);
             McpClientSession session = connect(server)) {
            McpError e = assertThrows(McpError.class,
                    () -> session.callTool("slow", Json.object(), LIMITS, Cancellation.root(), p -> { }));

            assertEquals("tools/call failed: the server closed the response stream before answering and did not resume it"
                    + " (GET with Last-Event-ID answered HTTP 405)", e.getMessage());
            assertEquals(List.of("e-1"), server.resumptions().stream().map(Resumption::lastEventId).toList());
        }
    }

    @Test
    void resumingIsBoundedAndEachAttemptStartsFromTheNewestEventId() {
        try (ResumableSseServer server = new ResumableSseServer(20, true, Resume.CUT_AGAIN);
             McpClientSession session = connect(server)) {
            McpError e = assertThrows(McpError.class,
                    () -> session.callTool("slow", Json.object(), LIMITS, Cancellation.root(), p -> { }));

            assertEquals("tools/call failed: the server closed the response stream " + (SseStreams.MAX_RESUME_ATTEMPTS + 1)
                    + " times before answering; gave up resuming it", e.getMessage());
            assertEquals(List.of("e-1", "e-2", "e-3"), server.resumptions().stream().map(Resumption::lastEventId).toList());
        }
    }

    private static McpClientSession connect(ResumableSseServer server) {
        HttpTransport transport = new HttpTransport(new McpServerSpec.Http("resumable", server.url(), Map.of()), Duration.ofSeconds(5));
        McpClientSession session = new McpClientSession("resumable", transport, () -> { });
        assertEquals("2025-03-26", session.initialize("test", Duration.ofSeconds(5), Cancellation.root()).protocolVersion());
        return session;
    }
}
