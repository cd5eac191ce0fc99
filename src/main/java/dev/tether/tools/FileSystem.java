package dev.tether.tools;

import dev.tether.base.Cancellation;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Text files as the host sees them: the editor (which knows unsaved buffers and keeps its views
 * in sync) or the local disk. Paths are absolute and already checked by the caller; an
 * implementation only reads or writes.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public interface FileSystem {
    /**
     * The largest file read whole into memory (edit_file, write_file's diff, a read without a
     * line window). Larger files are refused before a byte is read; read_file pages through them.
     */
    long MAX_WHOLE_FILE_BYTES = 4L * 1024 * 1024;

    /**
     * Text from 1-based {@code line} (null = 1), at most {@code limit} lines (null = all).
     *
     * @throws java.nio.file.NoSuchFileException when there is no such file
     * @throws IOException when the host cannot read it; the message says why, for the user
     */
    String read(Path path, Integer line, Integer limit, Cancellation cancellation) throws IOException;

    /**
     * Replaces the whole text of a file, creating it if needed (its directory exists).
     *
     * @throws IOException when the host cannot write it; the message says why, for the user
     */
    void write(Path path, String content, Cancellation cancellation) throws IOException;
}
