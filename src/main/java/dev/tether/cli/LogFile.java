package dev.tether.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.UnaryOperator;

/**
 * Tether's log file, {@code $XDG_STATE_HOME/tether/logs/tether.log}: what the process writes to
 * stderr (its log lines), line by line, with secrets masked, in a file of bounded size. Past
 * {@link #MAX_BYTES} the file becomes {@code tether.log.1} (the older ones move up, {@link #KEEP}
 * are kept) and a new one starts. The directory and files are the user's alone. The file is opened
 * at the first line, never before: a quiet start writes nothing. A file that cannot be written is
 * given up (the terminal copy, when there is one, goes on).
 */
final class LogFile extends OutputStream {
    static final long MAX_BYTES = 5L * 1024 * 1024;
    static final int KEEP = 3;
    static final String NAME = "tether.log";

    private final Path dir;
    private final OutputStream terminal;
    private final UnaryOperator<String> mask;
    private final long maxBytes;
    private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
    private OutputStream file;
    private long size;
    private boolean broken;

    /**
     * @param terminal where stderr goes as well, unchanged (null: the file only)
     * @param mask     masks the secrets of one line
     */
    LogFile(Path dir, OutputStream terminal, UnaryOperator<String> mask) {
        this(dir, terminal, mask, MAX_BYTES);
    }

    LogFile(Path dir, OutputStream terminal, UnaryOperator<String> mask, long maxBytes) {
        this.dir = dir;
        this.terminal = terminal;
        this.mask = mask;
        this.maxBytes = maxBytes;
    }

    /** The log file of the state directory {@code stateDir}. */
    static Path path(Path stateDir) {
        return stateDir.resolve("logs").resolve(NAME);
    }

    @Override
    public synchronized void write(int b) throws IOException {
        if (terminal != null) {
            terminal.write(b);
        }
        line.write(b);
        if (b == '\n') {
            endLine();
        }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
        if (terminal != null) {
            terminal.write(bytes, offset, length);
        }
        for (int i = offset; i < offset + length; i++) {
            line.write(bytes[i]);
            if (bytes[i] == '\n') {
                endLine();
            }
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (terminal != null) {
            terminal.flush();
        }
    }

    private void endLine() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        if (broken) {
            return;
        }
        byte[] masked = mask.apply(text).getBytes(StandardCharsets.UTF_8);
        try {
            if (file == null) {
                open();
            }
            if (size > 0 && size + masked.length > maxBytes) {
                rotate();
            }
            file.write(masked);
            file.flush();
            size += masked.length;
        } catch (IOException | RuntimeException e) {
            broken = true;
        }
    }

    private void open() throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            try {
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system: its own defaults hold
            }
        }
        Path current = dir.resolve(NAME);
        file = Files.newOutputStream(current, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        try {
            Files.setPosixFilePermissions(current, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException ignored) {
            // not a POSIX file system
        }
        size = Files.size(current);
    }

    private void rotate() throws IOException {
        file.close();
        for (int i = KEEP - 1; i >= 1; i--) {
            Path older = dir.resolve(NAME + "." + i);
            if (Files.exists(older)) {
                Files.move(older, dir.resolve(NAME + "." + (i + 1)), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.move(dir.resolve(NAME), dir.resolve(NAME + ".1"), StandardCopyOption.REPLACE_EXISTING);
        file = null;
        size = 0;
        open();
    }

    @Override
    public synchronized void close() throws IOException {
        if (file != null) {
            file.close();
        }
    }
}
