package dev.tether.jsonrpc;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Where a {@link LineChannel} puts the text of a huge tool result while its line is still being
 * read, so that the text is never held in memory whole (see {@link SpilledString}).
 */
@FunctionalInterface
public interface SpillFiles {
    /**
     * A new, empty file open for reading and writing: readable by its owner only, created new
     * (never through a symbolic link), under a name nobody can guess, and removed from the file
     * system once closed — at once, where the system allows it, so that nothing is left behind
     * even if the process is killed.
     */
    FileChannel create() throws IOException;
}
