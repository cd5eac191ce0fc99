package dev.tether.jsonrpc;

import dev.tether.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Newline-delimited JSON over a pair of streams (ACP on stdio; MCP stdio servers). Each
 * message is written as one UTF-8 line and flushed; lines longer than the limit are
 * dropped whole and reported as malformed; blank lines are ignored.
 */
public final class LineChannel implements MessageChannel {
    /** Default cap on one inbound line: 16 MiB. */
    public static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

    private final InputStream in;
    private final OutputStream out;
    private final int maxLineBytes;
    private final String name;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Listener listener;

    public LineChannel(String name, InputStream in, OutputStream out, int maxLineBytes) {
        this.name = name;
        this.in = in;
        this.out = out;
        this.maxLineBytes = maxLineBytes;
    }

    public LineChannel(String name, InputStream in, OutputStream out) {
        this(name, in, out, DEFAULT_MAX_LINE_BYTES);
    }

    @Override
    public void start(Listener listener) {
        this.listener = listener;
        Thread.ofPlatform().daemon().name(name + "-reader").start(this::readLoop);
    }

    private void readLoop() {
        Throwable failure = null;
        try {
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            byte[] buffer = new byte[64 * 1024];
            boolean overflow = false;
            int n;
            while ((n = in.read(buffer)) != -1) {
                int start = 0;
                for (int i = 0; i < n; i++) {
                    if (buffer[i] != '\n') {
                        continue;
                    }
                    if (!overflow) {
                        line.write(buffer, start, i - start);
                        deliver(line);
                    } else {
                        listener.onMalformed("line longer than " + maxLineBytes + " bytes dropped");
                    }
                    line.reset();
                    overflow = false;
                    start = i + 1;
                }
                if (!overflow) {
                    line.write(buffer, start, n - start);
                    if (line.size() > maxLineBytes) {
                        overflow = true;
                        line.reset();
                    }
                }
            }
            if (overflow) {
                listener.onMalformed("line longer than " + maxLineBytes + " bytes dropped");
            } else if (line.size() > 0) {
                deliver(line);
            }
        } catch (IOException e) {
            if (!closed.get()) {
                failure = e;
            }
        } catch (RuntimeException e) {
            failure = e;
        }
        closed.set(true);
        listener.onClosed(failure);
    }

    private void deliver(ByteArrayOutputStream line) {
        String text = line.toString(StandardCharsets.UTF_8).strip();
        if (text.isEmpty()) {
            return;
        }
        JsonNode node;
        try {
            node = Json.parse(text);
        } catch (JacksonException e) {
            listener.onMalformed("not valid JSON");
            return;
        }
        listener.onMessage(node);
    }

    @Override
    public void send(JsonNode message) {
        byte[] bytes = (Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8);
        writeLock.lock();
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                out.close();
            } catch (IOException ignored) {
                // Closing a broken pipe: nothing left to tell anyone.
            }
            try {
                in.close();
            } catch (IOException ignored) {
                // Same.
            }
        }
    }
}
