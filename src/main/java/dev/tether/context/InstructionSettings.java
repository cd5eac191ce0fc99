package dev.tether.context;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a session's instructions come from: the file names looked for in each directory, first
 * found wins ({@code context.instructionFiles}, default {@code AGENTS.md} then {@code CLAUDE.md}),
 * the user's own directory ({@code $XDG_CONFIG_HOME/tether}, whose file comes first), and the byte
 * budget all of them share.
 *
 * @param fileNames   the names looked for in each directory, in order; the first that exists is read
 * @param userDir     the user's configuration directory, or null for none
 * @param budgetBytes how many bytes of instructions reach the model at most
 */
public record InstructionSettings(List<String> fileNames, Path userDir, int budgetBytes) {
    /** As codex: 32 KiB of instructions at most. */
    public static final int DEFAULT_BUDGET = 32 * 1024;
    public static final List<String> DEFAULT_NAMES = List.of("AGENTS.md", "CLAUDE.md");
    /** No user file, the default names and budget. */
    public static final InstructionSettings DEFAULT = new InstructionSettings(DEFAULT_NAMES, null, DEFAULT_BUDGET);

    public InstructionSettings {
        fileNames = List.copyOf(fileNames);
        if (budgetBytes < 0) {
            throw new IllegalArgumentException("budgetBytes < 0");
        }
    }
}
