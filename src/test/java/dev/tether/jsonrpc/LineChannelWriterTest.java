package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The channel's writer as a caller sees it: sending never waits for the peer, and a dead peer is never silent. */
class LineChannelWriterTest {

    /** A peer that reads nothing: its pipe fills, and every later write would block. */
    private static final class Unread {
        final Pipe pipe = Pipe.open();
        final OutputStream out = Channels.newOutputStream(pipe.sink());
        final InputStream peer = Channels.newInputStream(pipe.source());

        Unread() throws IOException {}
    }

    private static final class Ends implements MessageChannel.Listener {
        final CompletableFuture<Throwable> closed = new CompletableFuture<>();

        @Override
        public void onMessage(JsonNode message) {}

        @Override
        public void onMalformed(String reason) {}

        @Override
        public void onClosed(Throwable cause) {
            closed.complete(cause);
        }
    }

    private static JsonNode frame(int size) {
        return Json.object().put("jsonrpc", "2.0").put("method", "note").put("text", "x".repeat(size));
    }

    @Test
    void sendReturnsAtOnceWhileThePeerIsNotReading() throws Exception {
        Unread unread = new Unread();
        Pipe input = Pipe.open();
        LineChannel channel = new LineChannel("t", Channels.newInputStream(input.source()), unread.out);
        channel.start(new Ends());
        // 2.5 MB: far more than any pipe buffer holds. The peer reads only after the loop, so a send that
        // waited for it would never return and the test would time out.
        for (int i = 0; i < 40; i++) {
            channel.send(frame(64 * 1024));
        }
        BufferedReader reader = new BufferedReader(new InputStreamReader(unread.peer, StandardCharsets.UTF_8));
        for (int i = 0; i < 40; i++) {
            assertEquals(frame(64 * 1024), Json.parse(reader.readLine()), "frame " + i + " arrives whole and in order");
        }
        channel.close();
    }

    @Test
    void aBacklogPastTheBoundFailsTheChannelLoudly() throws Exception {
        Unread unread = new Unread();
        Pipe input = Pipe.open();
        LineChannel channel = new LineChannel("t", Channels.newInputStream(input.source()), unread.out,
                LineChannel.DEFAULT_MAX_LINE_BYTES, 256 * 1024);
        Ends ends = new Ends();
        channel.start(ends);
        UncheckedIOException refused = assertThrows(UncheckedIOException.class, () -> {
            for (int i = 0; i < 100; i++) {
                channel.send(frame(64 * 1024));
            }
        });
        assertTrue(refused.getCause().getMessage().startsWith("the peer stopped reading"), refused.getMessage());
        Throwable cause = ends.closed.get(5, TimeUnit.SECONDS);
        assertEquals(refused.getCause(), cause, "the channel ends with the same cause");
        assertThrows(UncheckedIOException.class, () -> channel.send(frame(1)), "a failed channel refuses more");
        channel.close();
    }

    @Test
    void aWriteErrorEndsTheChannelWithThatError() throws Exception {
        IOException broken = new IOException("Broken pipe");
        OutputStream dead = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw broken;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw broken;
            }
        };
        Pipe input = Pipe.open();
        LineChannel channel = new LineChannel("t", Channels.newInputStream(input.source()), dead);
        Ends ends = new Ends();
        channel.start(ends);
        channel.send(frame(1));
        assertEquals(broken, ends.closed.get(5, TimeUnit.SECONDS));
        channel.close();
    }

    @Test
    void aWriteErrorFailsThePendingRequestAtOnce() throws Exception {
        OutputStream dead = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        Pipe input = Pipe.open(); // the peer never answers: only the write error can end the wait
        JsonRpcConnection connection = new JsonRpcConnection("t", new LineChannel("t", Channels.newInputStream(input.source()), dead),
                new InboundHandler() {
                    @Override
                    public JsonNode onRequest(InboundRequest request) {
                        return null;
                    }

                    @Override
                    public void onNotification(Message.Notification notification) {}
                }, CancelProtocol.ACP, false);
        connection.start();
        OutboundCall call = connection.request("ping", null);
        ExecutionException failed = assertThrows(ExecutionException.class, () -> call.future().get(5, TimeUnit.SECONDS));
        assertEquals(new JsonRpcError(JsonRpcError.INTERNAL_ERROR, "t connection failed: Broken pipe", null),
                ((JsonRpcException) failed.getCause()).error());
        assertTrue(connection.isClosed());
        connection.close();
    }

    @Test
    void closeWritesWhatIsQueuedBeforeClosingTheStream() throws Exception {
        List<String> written = new ArrayList<>();
        CompletableFuture<Void> streamClosed = new CompletableFuture<>();
        OutputStream slow = new OutputStream() {
            private final StringBuilder line = new StringBuilder();

            @Override
            public void write(int b) {
                line.append((char) b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                try {
                    Thread.sleep(20); // a slow peer: the queue is still full when close is called
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                line.append(new String(b, off, len, StandardCharsets.UTF_8));
            }

            @Override
            public void flush() {
                synchronized (written) {
                    written.add(line.toString().strip());
                }
                line.setLength(0);
            }

            @Override
            public void close() {
                streamClosed.complete(null);
            }
        };
        LineChannel channel = new LineChannel("t", new ByteArrayInputStream(new byte[0]), slow);
        channel.start(new Ends());
        for (int i = 0; i < 5; i++) {
            channel.send(Json.object().put("n", i));
        }
        channel.close();
        streamClosed.get(5, TimeUnit.SECONDS);
        assertEquals(List.of("{\"n\":0}", "{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}"), written);
        assertThrows(UncheckedIOException.class, () -> channel.send(Json.object()), "a closed channel refuses more");
    }
}
