package dev.tether.jsonrpc;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The one writer of a {@link LineChannel}: callers queue whole frames and return at once; a
 * thread of its own (a virtual one unless asked otherwise) writes them in order and flushes each.
 * A peer that stops reading therefore stalls only this thread, never the thread that sent (an ACP
 * reader handling a cancel, a turn).
 *
 * <p>The queue is bounded in bytes. When a frame would take it past the bound the peer is taken
 * to be stuck and the channel fails: the frame is refused and {@code failed} hears of it, which
 * closes the channel and fails every pending request. Blocking the sender would bring the stall
 * back, and dropping one frame would leave a gap in an ordered stream (an answer that never
 * comes), so failing loudly is the only choice that keeps both promises. A write error fails the
 * channel the same way. Nothing queued on a started writer is dropped by {@link #close}: the
 * frames are written first, then the stream is closed.
 */
final class LineWriter {
    /** Bytes that may wait for a slow peer: four maximal lines. */
    static final long DEFAULT_MAX_QUEUED_BYTES = 4L * LineChannel.DEFAULT_MAX_LINE_BYTES;

    private final OutputStream out;
    private final long maxQueuedBytes;
    private final Consumer<IOException> failed;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    private long queuedBytes;
    private boolean closing;
    private boolean done;
    private IOException failure;
    private Thread thread;

    LineWriter(OutputStream out, long maxQueuedBytes, Consumer<IOException> failed) {
        this.out = out;
        this.maxQueuedBytes = maxQueuedBytes;
        this.failed = failed;
    }

    /**
     * Starts the writer thread, a virtual one unless {@code platform} asks for a platform (daemon)
     * thread; frames queued before are kept.
     */
    void start(String name, boolean platform) {
        lock.lock();
        try {
            if (thread == null) {
                Thread.Builder builder = platform ? Thread.ofPlatform().daemon() : Thread.ofVirtual();
                thread = builder.name(name + "-writer").start(this::drain);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Queues one frame. Throws {@link UncheckedIOException} when the writer is closed or failed,
     * or when the frame would take the queue past its bound (the writer then fails).
     */
    void enqueue(byte[] frame) {
        IOException overflow;
        lock.lock();
        try {
            if (failure != null) {
                throw new UncheckedIOException(failure);
            }
            if (closing) {
                throw new UncheckedIOException(new IOException("channel closed"));
            }
            // One frame larger than the bound still goes when nothing waits: the bound is on backlog.
            if (queuedBytes + frame.length <= maxQueuedBytes || queuedBytes == 0) {
                queue.addLast(frame);
                queuedBytes += frame.length;
                changed.signalAll();
                return;
            }
            overflow = new IOException("the peer stopped reading: " + queuedBytes + " bytes are waiting to be written");
            fail(overflow);
        } finally {
            lock.unlock();
        }
        failed.accept(overflow);
        throw new UncheckedIOException(overflow);
    }

    /**
     * Refuses further frames, lets the writer finish what is queued and close the stream, and
     * waits up to {@code grace} for that. A peer that does not read within it keeps the writer
     * blocked until the stream breaks; the caller is not held longer.
     */
    void close(Duration grace) {
        lock.lock();
        try {
            closing = true;
            changed.signalAll();
            if (thread == null) {
                closeStream();
                return;
            }
            if (Thread.currentThread() == thread) {
                return;
            }
            long left = grace.toNanos();
            while (!done && left > 0) {
                left = changed.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    private void drain() {
        while (true) {
            byte[] frame;
            lock.lock();
            try {
                while (queue.isEmpty() && !closing && failure == null) {
                    changed.awaitUninterruptibly();
                }
                if (failure != null || queue.isEmpty()) {
                    break;
                }
                frame = queue.pollFirst();
                queuedBytes -= frame.length;
            } finally {
                lock.unlock();
            }
            try {
                out.write(frame);
                out.flush();
            } catch (IOException e) {
                lock.lock();
                try {
                    fail(e);
                } finally {
                    lock.unlock();
                }
                failed.accept(e);
                break;
            }
        }
        closeStream();
        lock.lock();
        try {
            done = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Called with the lock held. */
    private void fail(IOException cause) {
        if (failure == null) {
            failure = cause;
        }
        queue.clear();
        queuedBytes = 0;
        changed.signalAll();
    }

    private void closeStream() {
        try {
            out.close();
        } catch (IOException ignored) {
            // Closing a broken pipe: the failure, if any, was reported when the write failed.
        }
    }
}
