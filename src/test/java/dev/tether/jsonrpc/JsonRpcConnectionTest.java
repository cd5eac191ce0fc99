package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.testing.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The connection core as a peer sees it: raw lines in, raw lines out. */
class JsonRpcConnectionTest {
    private OutputStream toConnection;
    private BufferedReader fromConnection;
    private JsonRpcConnection connection;
    private final CountDownLatch cancelled = new CountDownLatch(1);

    @BeforeEach
    void start() throws IOException {
        Pipe inbound = Pipe.open();
        Pipe outbound = Pipe.open();
        InputStream connectionIn = Channels.newInputStream(inbound.source());
        toConnection = Channels.newOutputStream(inbound.sink());
        OutputStream connectionOut = Channels.newOutputStream(outbound.sink());
        fromConnection = new BufferedReader(new InputStreamReader(Channels.newInputStream(outbound.source()), StandardCharsets.UTF_8));
        connection = new JsonRpcConnection("test", new LineChannel("test", connectionIn, connectionOut).rejectDuplicateKeys(),
                new InboundHandler() {
            @Override
            public JsonNode onRequest(InboundRequest request) {
                return switch (request.method()) {
                    case "echo" -> request.params();
                    case "wait" -> {
                        try {
                            request.cancellation().await(java.time.Duration.ofSeconds(10));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        cancelled.countDown();
                        throw new CancelledException();
                    }
                    case "bad" -> throw JsonRpcException.invalidParams("Invalid params: \"x\" is required");
                    case "boom" -> throw new IllegalStateException("secret internal detail at /home/user");
                    default -> throw JsonRpcException.methodNotFound(request.method());
                };
            }

            @Override
            public void onNotification(Message.Notification notification) {}
        }, CancelProtocol.ACP, true);
        connection.start();
    }

    @AfterEach
    void stop() {
        connection.close();
    }

    private void send(String line) throws IOException {
        toConnection.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        toConnection.flush();
    }

    private JsonNode read() throws IOException {
        String line = fromConnection.readLine();
        return Json.parse(line);
    }

    @Test
    void malformedLineGetsParseErrorAndTheConnectionGoesOn() throws IOException {
        send("{not json");
        JsonNode error = read();
        assertEquals(-32700, error.path("error").path("code").asInt());
        assertTrue(error.get("id").isNull());
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{\"a\":1}}");
        assertEquals(Json.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"a\":1}}"), read());
    }

    @Test
    void invalidEnvelopeGetsInvalidRequestWithTheId() throws IOException {
        send("{\"jsonrpc\":\"1.0\",\"id\":\"x\",\"method\":\"echo\"}");
        JsonNode error = read();
        assertEquals(-32600, error.path("error").path("code").asInt());
        assertEquals("x", error.path("id").asString());
        send("[1,2]");
        assertEquals(-32600, read().path("error").path("code").asInt());
    }

    @Test
    void unknownMethodAndBadParamsAreReadableErrors() throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"nope\"}");
        JsonNode error = read();
        assertEquals(-32601, error.path("error").path("code").asInt());
        assertEquals("Method not found: nope", error.path("error").path("message").asString());
        send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"bad\",\"params\":{}}");
        assertEquals("Invalid params: \"x\" is required", read().path("error").path("message").asString());
    }

    @Test
    void unexpectedFailureNeverLeaksItsText() throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"boom\"}");
        JsonNode error = read().path("error");
        assertEquals(-32603, error.path("code").asInt());
        assertEquals("Internal error", error.path("message").asString());
    }

    @Test
    void cancelRequestFiresTheHandlersCancellationAndIsAnswered() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"wait\"}");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":5}}");
        assertTrue(cancelled.await(5, TimeUnit.SECONDS));
        JsonNode answer = read();
        assertEquals(5, answer.path("id").asInt());
        assertEquals(-32800, answer.path("error").path("code").asInt());
    }

    @Test
    void theIdsSevenAndQuotedSevenAreTwoRequestsAndAnIdInUseIsRefused() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"7\",\"method\":\"wait\"}");
        send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"wait\"}");
        send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"echo\",\"params\":{}}");
        JsonNode refused = read();
        assertTrue(refused.path("id").isIntegralNumber(), refused.toString());
        assertEquals(-32600, refused.path("error").path("code").asInt());
        assertTrue(refused.path("error").path("message").asString().contains("already in use"), refused.toString());

        send("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":7}}");
        JsonNode cancelledAnswer = read();
        assertTrue(cancelledAnswer.path("id").isIntegralNumber(), "only the numeric 7 was cancelled: " + cancelledAnswer);
        assertEquals(-32800, cancelledAnswer.path("error").path("code").asInt());
        send("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":\"7\"}}");
        JsonNode second = read();
        assertEquals("7", second.path("id").asString());
        assertEquals(-32800, second.path("error").path("code").asInt());
    }

    @Test
    void outgoingRequestIsAnsweredAndWithdrawnOnCancellation() throws Exception {
        OutboundCall call = connection.request("fs/read_text_file", Json.object().put("path", "/x"));
        JsonNode sent = read();
        assertEquals("fs/read_text_file", sent.path("method").asString());
        send("{\"jsonrpc\":\"2.0\",\"id\":" + sent.get("id") + ",\"result\":{\"content\":\"hi\"}}");
        assertEquals("hi", call.await(Cancellation.root()).path("content").asString());

        Cancellation turn = Cancellation.root();
        OutboundCall pending = connection.request("session/request_permission", Json.object());
        JsonNode permission = read();
        Thread awaiting = Thread.currentThread();
        Thread.ofVirtual().start(() -> {
            // Cancels only once the call below is parked, so the withdrawal ends a wait in progress.
            Waits.eventually(Duration.ofSeconds(5), () -> awaiting.getState() == Thread.State.WAITING
                    || awaiting.getState() == Thread.State.TIMED_WAITING, "the caller to wait for the answer");
            turn.cancel();
        });
        assertThrows(CancelledException.class, () -> pending.await(turn));
        JsonNode withdraw = read();
        assertEquals("$/cancel_request", withdraw.path("method").asString());
        assertEquals(permission.get("id"), withdraw.path("params").get("requestId"));
        // A late answer to a withdrawn request is dropped, and the connection keeps working.
        send("{\"jsonrpc\":\"2.0\",\"id\":" + permission.get("id") + ",\"result\":{\"outcome\":{\"outcome\":\"cancelled\"}}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"echo\",\"params\":{}}");
        assertEquals(9, read().path("id").asInt());
    }

    @Test
    void endOfInputFailsPendingRequests() throws Exception {
        OutboundCall call = connection.request("x", null);
        read();
        toConnection.close();
        JsonRpcException e = assertThrows(JsonRpcException.class, () -> call.await(Cancellation.root()));
        assertTrue(e.getMessage().contains("closed"));
        connection.closed().get(5, TimeUnit.SECONDS);
    }

    @Test
    void aRequestThatRepeatsAKeyIsAnInvalidRequestForItsIdAndTheConnectionGoesOn() throws Exception {
        send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"echo\",\"params\":{\"a\":1,\"a\":2}}");
        JsonNode refused = read();
        assertEquals(5, refused.path("id").asInt());
        assertEquals(-32600, refused.path("error").path("code").asInt());
        // A long line takes the large-string path; the check holds there too.
        send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"echo\",\"params\":{\"t\":\"" + "x".repeat(100_000)
                + "\",\"t\":\"short\"}}");
        JsonNode refusedLong = read();
        assertEquals(6, refusedLong.path("id").asInt());
        assertEquals(-32600, refusedLong.path("error").path("code").asInt());
        send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"echo\",\"params\":{\"a\":1}}");
        assertEquals(Json.parse("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"a\":1}}"), read());
    }

    @Test
    void anAnswerThatRepeatsAKeyFailsItsRequestInsteadOfLeavingItWaiting() throws Exception {
        OutboundCall call = connection.request("ask", null);
        JsonNode sent = read();
        send("{\"jsonrpc\":\"2.0\",\"id\":" + sent.get("id") + ",\"result\":{\"ok\":true,\"ok\":false}}");
        JsonRpcException failed = assertThrows(JsonRpcException.class, () -> call.await(Cancellation.root(), java.time.Duration.ofSeconds(10)));
        assertEquals(-32600, failed.code());
    }
}
