package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A peer that writes its requests and closes its side at once (a script piping into the agent):
 * with {@link JsonRpcConnection#finishInFlightAtEndOfInput()} every request it sent is answered,
 * one still running after the grace is cancelled and says so, and nothing waits on the peer.
 */
class EndOfInputTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final CountDownLatch slowStarted = new CountDownLatch(1);
    private final CountDownLatch quickMayAnswer = new CountDownLatch(1);

    private JsonRpcConnection connect(String input, boolean finishInFlight) {
        InboundHandler handler = new InboundHandler() {
            @Override
            public JsonNode onRequest(InboundRequest request) {
                switch (request.method()) {
                    case "quick" -> {
                        await(quickMayAnswer);
                        return Json.object().put("answered", request.id().toString());
                    }
                    case "slow" -> {
                        slowStarted.countDown();
                        try {
                            request.cancellation().await(Duration.ofSeconds(30));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        throw new CancelledException();
                    }
                    default -> throw JsonRpcException.methodNotFound(request.method());
                }
            }

            @Override
            public void onNotification(Message.Notification notification) {}
        };
        JsonRpcConnection connection = new JsonRpcConnection("test",
                new LineChannel("test", new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out), handler,
                CancelProtocol.ACP, true);
        return finishInFlight ? connection.finishInFlightAtEndOfInput() : connection;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private List<JsonNode> written() {
        return out.toString(StandardCharsets.UTF_8).lines().map(Json::parse).toList();
    }

    @Test
    void requestsBeingHandledWhenTheInputEndsAreStillAnswered() throws Exception {
        JsonRpcConnection connection = connect("""
                {"jsonrpc":"2.0","id":1,"method":"quick"}
                {"jsonrpc":"2.0","id":2,"method":"quick"}
                """, true);
        connection.start();
        connection.closed().get(10, TimeUnit.SECONDS);
        quickMayAnswer.countDown(); // both answers come after the input has ended
        connection.finishInFlight(Duration.ofSeconds(10));
        connection.close();

        List<JsonNode> answers = written();
        assertEquals(2, answers.size(), out.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("1", "2"), answers.stream().map(a -> a.path("result").path("answered").asString()).sorted().toList());
    }

    @Test
    void aRequestStillRunningAfterTheGraceIsCancelledAndAnswersSo() throws Exception {
        JsonRpcConnection connection = connect("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"slow\"}\n", true);
        connection.start();
        connection.closed().get(10, TimeUnit.SECONDS);
        assertTrue(slowStarted.await(10, TimeUnit.SECONDS));
        connection.finishInFlight(Duration.ofMillis(200));
        connection.close();

        List<JsonNode> answers = written();
        assertEquals(1, answers.size(), out.toString(StandardCharsets.UTF_8));
        assertEquals(7, answers.getFirst().path("id").asInt());
        assertEquals(JsonRpcError.REQUEST_CANCELLED, answers.getFirst().path("error").path("code").asInt());
    }

    @Test
    void ourRequestsFailOnceTheInputHasEndedForNobodyCanAnswerThem() throws Exception {
        JsonRpcConnection connection = connect("", true);
        connection.start();
        connection.closed().get(10, TimeUnit.SECONDS);
        OutboundCall call = connection.request("fs/read_text_file", Json.object().put("path", "/x"));
        ExecutionException failed = assertThrows(ExecutionException.class, () -> call.future().get(10, TimeUnit.SECONDS));
        assertTrue(failed.getCause() instanceof JsonRpcException, failed.toString());
        connection.finishInFlight(Duration.ofSeconds(1));
        connection.close();
        assertEquals(List.of(), written(), "no request goes to a peer that is gone");
    }
}
