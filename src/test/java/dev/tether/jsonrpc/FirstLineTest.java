package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A channel started early answers its first line itself when its handler takes it, and hands
 * everything else — a declined first line, every later line, the end of the input — to the
 * listener once there is one, in order and without losing any.
 */
class FirstLineTest {
    private static final long WAIT_SECONDS = 10;

    private final PipedOutputStream peer = new PipedOutputStream();
    private final PipedInputStream fromAgent = new PipedInputStream(1 << 16);
    private final BufferedReader answers = new BufferedReader(new InputStreamReader(fromAgent, StandardCharsets.UTF_8));
    private final Heard heard = new Heard();
    private final List<String> offered = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final LineChannel channel;

    FirstLineTest() throws IOException {
        channel = new LineChannel("test", new PipedInputStream(peer, 1 << 16), new PipedOutputStream(fromAgent))
                .answerFirstLine((line, length) -> {
                    String text = new String(line, 0, length, StandardCharsets.UTF_8);
                    offered.add(text);
                    return text.contains("\"early\"") ? "{\"answered\":true}" : null;
                })
                .startEarly();
    }

    @Test
    void theFirstLineIsAnsweredAtOnceAndTheNextWaitForTheListener() throws Exception {
        send("\n  \n{\"method\":\"early\"}\n{\"n\":1}\n{\"n\":2}\n");
        assertEquals("{\"answered\":true}", nextAnswer());
        assertEquals(List.of("{\"method\":\"early\"}"), offered);
        // No listener yet: the later lines wait rather than being dropped.
        assertNull(heard.messages.poll(200, TimeUnit.MILLISECONDS));

        channel.start(heard);
        assertEquals("{\"n\":1}", heard.messages.poll(WAIT_SECONDS, TimeUnit.SECONDS).toString());
        assertEquals("{\"n\":2}", heard.messages.poll(WAIT_SECONDS, TimeUnit.SECONDS).toString());
        peer.close();
        assertNull(heard.closed.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(List.of("{\"method\":\"early\"}"), offered, "only the first line is offered");
    }

    @Test
    void aDeclinedFirstLineReachesTheListenerFirst() throws Exception {
        send("{\"method\":\"late\"}\n{\"n\":1}\n");
        channel.start(heard);
        assertEquals("{\"method\":\"late\"}", heard.messages.poll(WAIT_SECONDS, TimeUnit.SECONDS).toString());
        assertEquals("{\"n\":1}", heard.messages.poll(WAIT_SECONDS, TimeUnit.SECONDS).toString());
        peer.close();
        heard.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertFalse(answers.ready(), "nothing was answered by the channel itself");
    }

    @Test
    void anInputThatEndsBeforeTheListenerIsReportedToIt() throws Exception {
        send("{\"method\":\"early\"}\n");
        assertEquals("{\"answered\":true}", nextAnswer());
        peer.close();
        Thread.sleep(100);
        assertFalse(heard.closed.isDone());
        channel.start(heard);
        assertNull(heard.closed.get(WAIT_SECONDS, TimeUnit.SECONDS));
        assertNull(heard.messages.poll());
    }

    @Test
    void aFirstLineTooLongToOfferGoesToTheListener() throws Exception {
        String big = "{\"method\":\"early\",\"pad\":\"" + "x".repeat(LineChannel.FIRST_LINE_BYTES) + "\"}";
        send(big + "\n");
        channel.start(heard);
        JsonNode message = heard.messages.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals("early", message.path("method").asString());
        assertEquals(List.of(), offered);
        peer.close();
        heard.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private void send(String text) throws IOException {
        peer.write(text.getBytes(StandardCharsets.UTF_8));
        peer.flush();
    }

    private String nextAnswer() throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return answers.readLine();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private static final class Heard implements MessageChannel.Listener {
        final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();
        final CompletableFuture<Throwable> closed = new CompletableFuture<>();

        @Override
        public void onMessage(JsonNode message) {
            messages.add(message);
        }

        @Override
        public void onMalformed(String reason) {
            messages.add(dev.tether.json.Json.object().put("malformed", reason));
        }

        @Override
        public void onClosed(Throwable cause) {
            closed.complete(cause);
        }
    }
}
