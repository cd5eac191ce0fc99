package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.testing.Waits;
import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
    private final WatchedInput input;
    private final PipedInputStream fromAgent = new PipedInputStream(1 << 16);
    private final BufferedReader answers = new BufferedReader(new InputStreamReader(fromAgent, StandardCharsets.UTF_8));
    private final Heard heard = new Heard();
    private final List<String> offered = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final LineChannel channel;

    FirstLineTest() throws IOException {
        input = new WatchedInput(new PipedInputStream(peer, 1 << 16));
        channel = new LineChannel("test", input, new PipedOutputStream(fromAgent))
                .answerFirstLine((line, length) -> {
                    String text = new String(line, 0, length, StandardCharsets.UTF_8);
                    offered.add(text);
                    return text.contains("\"early\"") ? "{\"answered\":true}" : null;
                })
                .startEarly();
    }

    @Test
    void theFirstLineIsAnsweredAtOnceAndTheNextWaitForTheListener() throws Exception {
        int sent = send("\n  \n{\"method\":\"early\"}\n{\"n\":1}\n{\"n\":2}\n");
        assertEquals("{\"answered\":true}", nextAnswer());
        assertEquals(List.of("{\"method\":\"early\"}"), offered);
        // The channel has read every line with no listener to give the later ones to: they wait rather than being dropped.
        Waits.eventually(Duration.ofSeconds(WAIT_SECONDS), () -> input.read.get() == sent, "the channel to read all that was sent");

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
        // The channel has seen the end of its input before there is a listener to report it to.
        input.ended.get(WAIT_SECONDS, TimeUnit.SECONDS);
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

    /** Writes {@code text} to the channel's input in one piece; returns its length in bytes. */
    private int send(String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        peer.write(bytes);
        peer.flush();
        return bytes.length;
    }

    /** The channel's input, counting what the channel read and telling when it read the end. */
    private static final class WatchedInput extends FilterInputStream {
        final AtomicLong read = new AtomicLong();
        final CompletableFuture<Void> ended = new CompletableFuture<>();

        WatchedInput(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? -1 : 1);
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            count(n);
            return n;
        }

        private void count(int n) {
            if (n < 0) {
                ended.complete(null);
            } else {
                read.addAndGet(n);
            }
        }
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
