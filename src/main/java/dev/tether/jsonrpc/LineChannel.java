package dev.tether.jsonrpc;

import dev.tether.base.Uninterruptibly;
import dev.tether.json.Trees;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Newline-delimited JSON over a pair of streams (ACP on stdio; MCP stdio servers). Each
 * message is written as one UTF-8 line and flushed by the channel's own writer thread, so
 * {@link #send} never waits for the peer (see {@link LineWriter} for the bound on what may wait
 * and what happens past it); a write error ends the channel with that error. Lines read longer
 * than the limit are dropped whole and reported as malformed; blank lines are ignored. With
 * {@link #spillTo} the text items of huge tool results go to files while they are read.
 */
public final class LineChannel implements MessageChannel {
    /** Default cap on one inbound line: 16 MiB. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

    private final InputStream in;
    private final LineWriter writer;
    private final int maxLineBytes;
    private volatile boolean strictKeys;
    private final String name;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean endReported = new AtomicBoolean();
    private volatile IOException writeFailure;
    private volatile Listener listener;
    private final CountDownLatch listening = new CountDownLatch(1);
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile boolean platformWriter;
    private volatile java.util.function.Consumer<Oversize> oversizeListener = o -> { };
    private volatile SpillFiles spillFiles;
    /** Read and cleared by the reader thread only, after {@link #start}. */
    private FirstLine firstLine;

    /** How long {@link #close} waits for queued frames to reach the peer. */
    public static final Duration FLUSH_GRACE = Duration.ofMillis(500);

    /** Bytes kept from each end of a dropped line, enough to find the id of the message it held. */
    public static final int OVERSIZE_EXCERPT_BYTES = 4096;

    /**
     * A line that was dropped for its size, with its first and last {@link #OVERSIZE_EXCERPT_BYTES}
     * bytes, so a caller can find the request it answered and fail it at once.
     */
    public record Oversize(long bytes, String head, String tail) {}

    /**
     * Puts the text items of huge tool results into {@code files} while their line is read (see
     * {@link SpilledString}); the messages then carry them as spilled strings. Set before {@link #start}.
     */
    public LineChannel spillTo(SpillFiles files) {
        this.spillFiles = files;
        return this;
    }

    /** The longest first line offered to {@link #answerFirstLine}'s handler. */
    static final int FIRST_LINE_BYTES = 64 * 1024;

    /**
     * Offers the first line that is not blank to {@code handler} before it is parsed, when it is at
     * most {@link #FIRST_LINE_BYTES} (a first line dropped for its size ends the offer): the handler
     * gets its bytes and returns the JSON text of the answer to send (the line is then done), or
     * null to let the line go to the listener as usual. Set before the channel starts.
     */
    public LineChannel answerFirstLine(FirstLine handler) {
        this.firstLine = handler;
        return this;
    }

    /** Answers a channel's first line itself; see {@link #answerFirstLine}. */
    @FunctionalInterface
    public interface FirstLine {
        /** The answer to {@code line[0, length)}, or null to decline it. */
        String answer(byte[] line, int length);
    }

    /** Hears about dropped oversize lines (before the malformed report). Set before {@link #start}. */
    public LineChannel onOversize(java.util.function.Consumer<Oversize> listener) {
        this.oversizeListener = listener;
        return this;
    }

    public LineChannel(String name, InputStream in, OutputStream out, int maxLineBytes) {
        this(name, in, out, maxLineBytes, LineWriter.DEFAULT_MAX_QUEUED_BYTES);
    }

    /** As above, with a bound on the bytes that may wait for the peer to read. */
    LineChannel(String name, InputStream in, OutputStream out, int maxLineBytes, long maxQueuedBytes) {
        this.name = name;
        this.in = in;
        this.maxLineBytes = maxLineBytes;
        this.writer = new LineWriter(out, maxQueuedBytes, this::writeFailed);
    }

    public LineChannel(String name, InputStream in, OutputStream out) {
        this(name, in, out, DEFAULT_MAX_LINE_BYTES);
    }

    /**
     * Starts reading and writing before there is a listener, so that the first line can be
     * answered ({@link #answerFirstLine}) while the caller still puts the listener together. Every
     * frame for the listener, and the report of the channel's end, wait for {@link #start}.
     */
    public LineChannel startEarly() {
        startThreads();
        return this;
    }

    /**
     * Writes on a platform thread rather than a virtual one. The first virtual thread of a process
     * sets up their scheduler (milliseconds at start-up), which a channel whose first answer is
     * urgent should not wait for. Set before the channel starts.
     */
    public LineChannel platformWriter() {
        this.platformWriter = true;
        return this;
    }

    @Override
    public void start(Listener listener) {
        this.listener = listener;
        listening.countDown();
        startThreads();
    }

    private void startThreads() {
        if (started.compareAndSet(false, true)) {
            writer.start(name, platformWriter);
            Thread.ofPlatform().daemon().name(name + "-reader").start(this::readLoop);
        }
    }

    /** The listener, once {@link #start} has given it (a channel started early may not have it yet). */
    private Listener listener() {
        Uninterruptibly.await(listening::await);
        return listener;
    }

    private void readLoop() {
        Throwable failure = null;
        SpillingLine line = new SpillingLine(spillFiles);
        try {
            byte[] buffer = new byte[64 * 1024];
            Overflow overflow = null;
            int n;
            while ((n = in.read(buffer)) != -1) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] != '\n') {
                        continue;
                    }
                    if (overflow == null) {
                        line.write(buffer, start, i - start);
                        deliver(line);
                    } else {
                        overflow.add(buffer, start, i - start);
                        dropped(overflow);
                        overflow = null;
                    }
                    line.reset();
                    start = i + 1;
                }
                if (overflow != null) {
                    overflow.add(buffer, start, n - start);
                } else {
                    line.write(buffer, start, n - start);
                    if (line.size() > maxLineBytes) {
                        overflow = new Overflow(line);
                        line.reset();
                    }
                }
            }
            if (overflow != null) {
                dropped(overflow);
            } else if (line.size() > 0) {
                deliver(line);
            }
        } catch (IOException e) {
            if (!closed.get()) {
                failure = e;
            }
        } catch (RuntimeException | Error e) {
            // An Error (a handler's stack overflow, an allocation that failed) ends the channel like
            // any failure: the connection then fails every request still waiting, none hangs.
            failure = e;
        } finally {
            line.reset(); // a line cut off mid-way deletes what it had spilled
        }
        closed.set(true);
        ended(failure);
    }

    /** Tells the listener once, whichever of the reader and the writer sees the end first. */
    private void ended(Throwable failure) {
        if (endReported.compareAndSet(false, true)) {
            listener().onClosed(writeFailure != null ? writeFailure : failure);
        }
    }

    private void dropped(Overflow overflow) {
        firstLine = null;
        oversizeListener.accept(overflow.report());
        listener().onMalformed("line longer than " + maxLineBytes + " bytes dropped");
    }

    /** The head and a rolling tail of a line past the limit; the middle is thrown away as it arrives. */
    private static final class Overflow {
        private final byte[] head;
        private final byte[] tail = new byte[OVERSIZE_EXCERPT_BYTES];
        private int tailLength;
        private long bytes;

        private final java.io.ByteArrayOutputStream headBytes = new java.io.ByteArrayOutputStream(OVERSIZE_EXCERPT_BYTES);

        Overflow(SpillingLine start) {
            start.drainTo((data, offset, length) -> {
                int room = OVERSIZE_EXCERPT_BYTES - headBytes.size();
                if (room > 0) {
                    headBytes.write(data, offset, Math.min(room, length));
                }
                add(data, offset, length);
            });
            head = headBytes.toByteArray();
            bytes = start.size(); // with what went to a spill file, which the excerpts leave out
        }

        void add(byte[] data, int offset, int length) {
            bytes += length;
            if (length >= tail.length) {
                System.arraycopy(data, offset + length - tail.length, tail, 0, tail.length);
                tailLength = tail.length;
                return;
            }
            int keep = Math.min(tailLength, tail.length - length);
            System.arraycopy(tail, tailLength - keep, tail, 0, keep);
            System.arraycopy(data, offset, tail, keep, length);
            tailLength = keep + length;
        }

        Oversize report() {
            return new Oversize(bytes, new String(head, StandardCharsets.UTF_8),
                    new String(tail, 0, tailLength, StandardCharsets.UTF_8));
        }
    }

    /**
     * Refuses frames in which an object repeats a key (they reach the listener as
     * {@link Listener#onInvalid}); call before {@link #start}. For ACP input, where Tether and the
     * editor must not read one message two ways.
     */
    public LineChannel rejectDuplicateKeys() {
        strictKeys = true;
        return this;
    }

    private void deliver(SpillingLine line) {
        if (line.isBlank()) {
            return;
        }
        if (firstLine != null && answeredFirst(line)) {
            return;
        }
        JsonNode node;
        try {
            node = line.parse(strictKeys);
        } catch (DuplicateKeyException e) {
            listener().onInvalid(e.frame(), "an object in the message repeats a key");
            return;
        } catch (JacksonException e) {
            listener().onMalformed("not valid JSON");
            return;
        }
        if (node == null) {
            listener().onMalformed(line.problem());
            return;
        }
        listener().onMessage(node);
    }

    private boolean answeredFirst(SpillingLine line) {
        FirstLine handler = firstLine;
        firstLine = null;
        byte[] bytes = line.inMemory(FIRST_LINE_BYTES);
        String answer;
        try {
            answer = bytes == null ? null : handler.answer(bytes, bytes.length);
        } catch (RuntimeException e) {
            // A handler that fails only loses its head start: the line goes the usual way.
            answer = null;
        }
        if (answer == null) {
            return false;
        }
        writer.enqueue((answer + "\n").getBytes(StandardCharsets.UTF_8));
        return true;
    }

    /** Queues the message for the writer and returns; see {@link MessageChannel#send}. */
    @Override
    public void send(JsonNode message) {
        writer.enqueue((Trees.write(message) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The peer cannot be written to: the channel ends, and the reader reports this cause. */
    private void writeFailed(IOException cause) {
        writeFailure = cause;
        closeInput();
        // The reader may sit in a read that closing cannot interrupt; pending requests fail now.
        if (listener != null) {
            ended(cause);
        }
    }

    /** Writes what is queued (waiting up to {@link #FLUSH_GRACE}), then closes both streams. */
    @Override
    public void close() {
        writer.close(FLUSH_GRACE);
        closeInput();
    }

    private void closeInput() {
        if (closed.compareAndSet(false, true)) {
            try {
                in.close();
            } catch (IOException ignored) {
                // Same.
            }
        }
    }
}
