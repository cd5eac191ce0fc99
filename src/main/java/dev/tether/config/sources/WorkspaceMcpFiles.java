package dev.tether.config.sources;

import dev.tether.base.git.ProjectRoot;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;

/**
 * The workspace {@code .mcp.json} files of a session's directory: one per directory from its
 * {@link ProjectRoot} down to it, in that order (a deeper file wins on a name clash), and never one
 * above the root: a {@code .mcp.json} in a shared parent ({@code /tmp}, a home directory that holds
 * many clones) belongs to no project. Outside any repository the root is the directory itself, so
 * only its own file counts. Their servers have the {@link McpServerSpec.Origin#WORKSPACE} origin.
 * Only regular files up to {@link #MAX_BYTES} that belong to this user are read: a repository can
 * hold a FIFO or a huge file under that name, and another local user can plant one.
 */
public final class WorkspaceMcpFiles {
    public static final String FILE_NAME = ".mcp.json";
    /** The largest {@code .mcp.json} read. */
    static final long MAX_BYTES = 1024 * 1024;

    /** One file's servers and what of it was skipped. */
    public record File(Path path, McpConfig.Parsed parsed) {}

    private WorkspaceMcpFiles() {}

    public static List<File> from(Path cwd) {
        Path dir = ProjectRoot.canonical(cwd);
        Path root = ProjectRoot.of(cwd);
        List<Path> chain = new ArrayList<>();
        for (Path d = dir; d != null; d = d.getParent()) {
            chain.addFirst(d.resolve(FILE_NAME));
            if (d.equals(root)) {
                break;
            }
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
            String stranger = strangerOwner(file);
            if (stranger != null) {
                return skipped(file, file + " belongs to " + stranger + ", not to you; ignoring it");
            }
            if (Files.size(file) > MAX_BYTES) {
                return skipped(file, file + " is larger than 1 MiB; ignoring it");
            }
        } catch (IOException e) {
            return skipped(file, "cannot read " + file + ": " + e.getMessage());
        }
        return McpConfig.readFile(file, McpServerSpec.Origin.WORKSPACE, true);
    }

    /** The other user who owns {@code file} (or the link to it), or null when this user owns both. */
    private static String strangerOwner(Path file) throws IOException {
        UserPrincipal me = ProjectRoot.currentUser();
        if (me == null) {
            return null;
        }
        try {
            for (UserPrincipal owner : List.of(Files.getOwner(file, LinkOption.NOFOLLOW_LINKS), Files.getOwner(file))) {
                if (!me.equals(owner)) {
                    return owner.getName();
                }
            }
        } catch (UnsupportedOperationException e) {
            // A file system without owners: there is no other user to tell apart.
        }
        return null;
    }

    private static McpConfig.Parsed skipped(Path file, String message) {
        return new McpConfig.Parsed(McpConfig.Declared.NONE, List.of(ConfigWarning.of(file.toString(), null, message)));
    }
}
