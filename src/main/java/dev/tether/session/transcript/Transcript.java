package dev.tether.session.transcript;

import dev.tether.json.Json;
import dev.tether.security.SecretRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The durable record of one session: an append-only JSON Lines file. Each line is written
 * whole with one system call as it happens, so a crash loses at most what was in flight.
 * A write failure is logged once and the session goes on (the user keeps working; only
 * replay suffers). Known secret values are masked in every line before it is written.
 * Once closed it stays closed: a line that comes later (from a cancelled turn still unwinding
 * when its session was deleted) is dropped rather than bringing the file back.
 */
public final class Transcript implements AutoCloseable {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(Transcript.class);
    }

    private final Path file;
    private final SecretRegistry secrets;
    private final ReentrantLock lock = new ReentrantLock();
    private FileChannel channel;
    private boolean failed;
    private boolean closed;
    private volatile String failure;

    Transcript(Path file) {
        this(file, SecretRegistry.empty());
    }

    Transcript(Path file, SecretRegistry secrets) {
        this.file = file;
        this.secrets = secrets;
    }

    public Path file() {
        return file;
    }

    /** Why this transcript cannot be written (the first write error), or null while it can. */
    public String failure() {
        return failure;
    }

    public void append(JsonNode line) {
        byte[] bytes = (Json.write(secrets.redact(line)) + "\n").getBytes(StandardCharsets.UTF_8);
        lock.lock();
        try {
            if (failed || closed) {
                return;
            }
            if (channel == null) {
                // Transcripts hold the user's code and conversation: readable by the owner only.
                channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            }
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            failed = true;
            failure = e.getMessage();
            log().warn("transcript {} cannot be written ({}); this session will not be restorable", file.getFileName(), e.getMessage());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (channel != null) {
                channel.close();
                channel = null;
            }
        } catch (IOException ignored) {
            // Nothing more to write; a close failure loses nothing already written.
        } finally {
            lock.unlock();
        }
    }
}
