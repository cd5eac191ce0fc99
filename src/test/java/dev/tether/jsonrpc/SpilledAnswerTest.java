package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Answers whose tool-result text went to a spill file on a real channel: the request that asked
 * for spilled text gets it, any other gets a plain string, and no file stays open for an answer
 * nobody waits for, an error answer, a dropped connection or an oversize line.
 */
class SpilledAnswerTest {
    private static final String BIG = "0123456789abcdef\n".repeat(SpillingLine.SPILL_BYTES / 8);

    @TempDir
    Path dir;
    private SpillRecorder files;
    private OutputStream toConnection;
    private JsonRpcConnection connection;

    @BeforeEach
    void open() throws IOException {
        files = new SpillRecorder(dir);
        Pipe inbound = Pipe.open();
        toConnection = Channels.newOutputStream(inbound.sink());
        LineChannel channel = new LineChannel("test", Channels.newInputStream(inbound.source()), new ByteArrayOutputStream())
                .spillTo(files);
        connection = new JsonRpcConnection("test", channel, new InboundHandler() {
            @Override
            public JsonNode onRequest(InboundRequest request) {
                return null;
            }

            @Override
            public void onNotification(Message.Notification notification) {
            }
        }, CancelProtocol.MCP, false);
        connection.start();
    }

    @AfterEach
    void close() {
        connection.close();
    }

    private static String answer(long id, String text) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\""
                + text.replace("\n", "\\n") + "\"}]}}\n";
    }

    private void send(String line) throws IOException {
        toConnection.write(line.getBytes(StandardCharsets.UTF_8));
        toConnection.flush();
    }

    @Test
    void theRequestThatTakesSpilledTextGetsItAndAnyOtherAPlainString() throws Exception {
        OutboundCall spilled = connection.request("tools/call", null, true);
        OutboundCall plain = connection.request("tasks/result", null);
        send(answer(1, BIG));
        send(answer(2, BIG));
        JsonNode first = spilled.await(Cancellation.root(), Duration.ofSeconds(20));
        SpilledString text = SpilledString.of(first.path("content").get(0).get("text"));
        assertNotNull(text, "a spilled string");
        assertEquals(BIG, text.read());
        JsonNode second = plain.await(Cancellation.root(), Duration.ofSeconds(20));
        assertEquals(BIG, second.path("content").get(0).get("text").asString(), "read back as a string");
        assertEquals(1, files.open(), "only the taken spill is open");
        text.close();
        assertEquals(0, files.open());
    }

    @Test
    void anAnswerNobodyWaitsForOrAnErrorAnswerLeavesNoSpillOpen() throws Exception {
        OutboundCall failing = connection.request("tools/call", null, true);
        send(answer(99, BIG));
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-1,\"message\":\"no\"},\"result\":{\"content\":[{\"text\":\""
                + BIG.replace("\n", "\\n") + "\"}]}}\n");
        JsonRpcException refused = assertThrows(JsonRpcException.class, () -> failing.await(Cancellation.root(), Duration.ofSeconds(20)));
        assertEquals(-1, refused.code());
        assertEquals(2, files.created.size());
        assertEquals(0, files.open());
    }

    @Test
    void aConnectionDroppedMidLineDeletesItsSpill() throws Exception {
        byte[] start = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\""
                + "x".repeat(3 * SpillingLine.SPILL_BYTES)).getBytes(StandardCharsets.US_ASCII);
        InputStream dropping = new SequenceInputStream(new ByteArrayInputStream(start), new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("connection reset");
            }
        });
        SpillRecorder local = new SpillRecorder(dir);
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        new LineChannel("drop", dropping, new ByteArrayOutputStream()).spillTo(local).start(onClosed(ended::complete));
        assertEquals("connection reset", ended.get(20, TimeUnit.SECONDS).getMessage());
        assertEquals(1, local.created.size());
        assertEquals(0, local.open());
    }

    @Test
    void anOversizeLineDeletesItsSpillAndReportsItsWholeSize() throws Exception {
        String line = answer(1, "y".repeat(3 * SpillingLine.SPILL_BYTES));
        SpillRecorder local = new SpillRecorder(dir);
        List<LineChannel.Oversize> dropped = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> ended = new CompletableFuture<>();
        new LineChannel("big", new ByteArrayInputStream(line.getBytes(StandardCharsets.US_ASCII)), new ByteArrayOutputStream(),
                2 * SpillingLine.SPILL_BYTES).spillTo(local).onOversize(dropped::add).start(onClosed(cause -> ended.complete(null)));
        ended.get(20, TimeUnit.SECONDS);
        assertEquals(1, dropped.size());
        assertEquals(line.length() - 1, dropped.getFirst().bytes(), "the spilled part counts");
        assertTrue(dropped.getFirst().head().contains("\"id\":1"), "the head still names the request");
        assertEquals(0, local.open());
    }

    /** A listener that only waits for the channel to close. */
    private static MessageChannel.Listener onClosed(Consumer<Throwable> closed) {
        return new MessageChannel.Listener() {
            @Override
            public void onMessage(JsonNode message) {
            }

            @Override
            public void onMalformed(String reason) {
            }

            @Override
            public void onClosed(Throwable cause) {
                closed.accept(cause);
            }
        };
    }
}
