package dev.tether.context;

import java.nio.file.Path;

/**
 * One instruction file as the model gets it.
 *
 * @param path       where it is
 * @param label      how the model and the user see it named: relative to the project root, {@code ~/…} for the
 *                   user's, with {@code (imported by …)} for an import
 * @param origin     why it was read
 * @param size       its size in bytes
 * @param shownBytes how many of its bytes the model reads (less than {@code size} when the budget cut it; 0 when
 *                   the budget was used up before it)
 * @param text       what the model reads of it
 */
public record InstructionFile(Path path, String label, Origin origin, long size, int shownBytes, String text) {
    /** Why a file was read. */
    public enum Origin {
        /** The user's own file in their configuration directory. */
        USER,
        /** A directory's file from the project root down to the session's directory. */
        PROJECT,
        /** A file below the session's directory, read when the model first touched a file below it. */
        NESTED,
        /** Named by an {@code @path} import of another instruction file. */
        IMPORT
    }

    /** Whether the model reads less than the whole file. */
    public boolean cut() {
        return shownBytes < size;
    }
}
