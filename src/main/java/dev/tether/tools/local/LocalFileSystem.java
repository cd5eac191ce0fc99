package dev.tether.tools.local;

import dev.tether.base.Cancellation;
import dev.tether.tools.FileSystem;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * The local disk. Opens never follow a link in the last component (a link swapped in after the
 * caller's checks fails with {@link java.nio.file.FileSystemLoopException}); a whole read stops
 * at {@link FileSystem#MAX_WHOLE_FILE_BYTES} ({@link GrewTooLarge}), a windowed one is streamed
 * in bounded memory ({@link LineWindow}).
 */
public final class LocalFileSystem implements FileSystem {
    public static final LocalFileSystem INSTANCE = new LocalFileSystem();

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    private static final Set<OpenOption> WRITE = Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS);

    /** A file read whole grew past {@link FileSystem#MAX_WHOLE_FILE_BYTES} after it was checked. */
    public static final class GrewTooLarge extends IOException {
        GrewTooLarge() {
            super("the file grew too large while being read", null);
        }
    }

    /** The window starts beyond {@link #MAX_SCANNED_CHARS} characters into the file. */
    public static final class TooFar extends IOException {
        TooFar() {
            super("the line lies too far into the file", null);
        }
    }

    /** How far into a file a window may lie (in characters); beyond it, reading takes too long. */
    public static final long MAX_SCANNED_CHARS = LineWindow.MAX_SCANNED_CHARS;

    private LocalFileSystem() {}

    @Override
    public String read(Path path, Integer line, Integer limit, Cancellation cancellation) throws IOException {
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(path, READ))) {
            if (line == null && limit == null) {
                byte[] bytes = in.readNBytes((int) MAX_WHOLE_FILE_BYTES + 1);
                if (bytes.length > MAX_WHOLE_FILE_BYTES) {
                    throw new GrewTooLarge();
                }
                return new String(bytes, StandardCharsets.UTF_8);
            }
            return LineWindow.read(in, line == null ? 1 : line, limit == null ? Integer.MAX_VALUE : limit, cancellation);
        }
    }

    @Override
    public void write(Path path, String content, Cancellation cancellation) throws IOException {
        try (OutputStream out = Channels.newOutputStream(Files.newByteChannel(path, WRITE))) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
    }
}
