package dev.tether.agent.subagent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The subagent types a session knows, read when a subagent is asked for (never at session start):
 * {@code .tether/agents/*.md} of the project, then Claude Code's {@code .claude/agents/*.md}, then
 * the user's directory; the first type of a name wins. Files over {@link #MAX_FILE_BYTES} and files
 * that are not type files are skipped.
 */
public final class AgentTypes {
    /** Named default: the largest type file read. */
    static final long MAX_FILE_BYTES = 64 * 1024;
    /** Named default: the most type files read from one directory. */
    static final int MAX_FILES = 200;

    private final List<Path> directories;

    /** @param directories where type files are looked for, first wins */
    public AgentTypes(List<Path> directories) {
        this.directories = List.copyOf(directories);
    }

    /** The directories a session in {@code projectRoot} reads, {@code userDir} (may be null) last. */
    public static AgentTypes of(Path projectRoot, Path userDir) {
        List<Path> dirs = new ArrayList<>(List.of(projectRoot.resolve(".tether").resolve("agents"),
                projectRoot.resolve(".claude").resolve("agents")));
        if (userDir != null) {
            dirs.add(userDir);
        }
        return new AgentTypes(dirs);
    }

    /** Every known type by name, the built-in {@code general} one included unless a file replaces it. */
    public Map<String, AgentType> all() {
        Map<String, AgentType> types = new LinkedHashMap<>();
        for (Path dir : directories) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted().limit(MAX_FILES).toList()) {
                    read(file).ifPresent(type -> types.putIfAbsent(type.name(), type));
                }
            } catch (IOException e) {
                // An unreadable directory has no types.
            }
        }
        types.putIfAbsent(AgentType.GENERAL.name(), AgentType.GENERAL);
        return types;
    }

    private static Optional<AgentType> read(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_FILE_BYTES) {
                return Optional.empty();
            }
            return Optional.ofNullable(AgentType.parse(Files.readString(file), file));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
