package dev.tether.config;

import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The workspace {@code .mcp.json} files of a directory: one per directory from the file system
 * root down to it, in that order (a deeper file wins on a name clash). Their servers have the
 * {@link McpServerSpec.Origin#WORKSPACE} origin. Only regular files up to {@link #MAX_BYTES} are
 * read: a repository can hold a FIFO or a huge file under that name.
 */
public final class WorkspaceMcpFiles {
    public static final String FILE_NAME = ".mcp.json";
    /** The largest {@code .mcp.json} read. */
    static final long MAX_BYTES = 1024 * 1024;

    /** One file's servers and what of it was skipped. */
    public record File(Path path, McpConfig.Parsed parsed) {}

    private WorkspaceMcpFiles() {}

    public static List<File> from(Path cwd) {
        Path dir = cwd.toAbsolutePath().normalize();
        List<Path> chain = new ArrayList<>();
        for (Path d = dir; d != null; d = d.getParent()) {
            chain.addFirst(d.resolve(FILE_NAME));
        }
        List<File> files = new ArrayList<>();
        for (Path file : chain) {
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.exists(file)) {
                continue;
            }
            files.add(new File(file, read(file)));
        }
        return files;
    }

    private static McpConfig.Parsed read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return skipped(file, file + " is not a regular file; ignoring it");
            }
            if (Files.size(file) > MAX_BYTES) {
                return skipped(file, file + " is larger than 1 MiB; ignoring it");
            }
        } catch (IOException e) {
            return skipped(file, "cannot read " + file + ": " + e.getMessage());
        }
        return McpConfig.readFile(file, McpServerSpec.Origin.WORKSPACE, true);
    }

    private static McpConfig.Parsed skipped(Path file, String message) {
        return new McpConfig.Parsed(McpConfig.Declared.NONE, List.of(ConfigWarning.of(file.toString(), null, message)));
    }
}
