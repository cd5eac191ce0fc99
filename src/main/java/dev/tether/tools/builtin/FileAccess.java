package dev.tether.tools.builtin;

import dev.tether.tools.FileSystem;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.Workspace;
import dev.tether.tools.local.LocalFileSystem;
import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Text file access for the built-in tools, through the session's {@link FileSystem} (the
 * editor's, which knows unsaved buffers, or the local disk). Paths are already resolved inside
 * the {@link Workspace}; whichever file system serves them, they pass the same checks before
 * anything is opened or sent: the path still resolves to itself (no link swapped in), an
 * existing file is a regular file (a FIFO would block the call, a device never ends), and a file
 * read whole is at most {@link FileSystem#MAX_WHOLE_FILE_BYTES}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public final class FileAccess {
    private static final long MAX_WHOLE_FILE_BYTES = FileSystem.MAX_WHOLE_FILE_BYTES;

    private FileAccess() {}

    /** The whole text of a file. */
    public static String read(ToolContext context, Path path) throws ToolError.TellModel {
        return read(context, path, null, null);
    }

    /**
     * The current text of a file that may not exist yet (null then), for a diff. Refuses files
     * too large to read whole, so a preview never loads a huge file.
     */
    static String current(ToolContext context, Path path) throws ToolError.TellModel {
        BasicFileAttributes attributes = inspect(context, path);
        return attributes == null ? null : read(context, path);
    }

    /**
     * Text from 1-based {@code line} (null = 1), at most {@code limit} lines (null = all).
     *
     * @throws ToolError.TellModel when the file is missing, not a regular file, too large, or unreadable
     */
    public static String read(ToolContext context, Path path, Integer line, Integer limit) throws ToolError.TellModel {
        String shown = Display.path(context.workspace(), path);
        BasicFileAttributes attributes = inspect(context, path);
        boolean whole = line == null && limit == null;
        if (attributes != null && whole && attributes.size() > MAX_WHOLE_FILE_BYTES) {
            throw new ToolError.TellModel(shown + " is " + Display.bytes(attributes.size()) + ", more than the "
                    + Display.bytes(MAX_WHOLE_FILE_BYTES) + " read whole; read it in parts with read_file offset and limit");
        }
        // An editor would load a huge file whole to answer for a window of it; the disk is streamed.
        boolean huge = attributes != null && attributes.size() > MAX_WHOLE_FILE_BYTES;
        FileSystem files = huge ? LocalFileSystem.INSTANCE : context.files();
        try {
            return files.read(path, line, limit, context.cancellation());
        } catch (NoSuchFileException e) {
            throw new ToolError.TellModel("file not found: " + shown);
        } catch (LocalFileSystem.GrewTooLarge e) {
            throw new ToolError.TellModel(shown + " grew past " + Display.bytes(MAX_WHOLE_FILE_BYTES) + " while being read");
        } catch (LocalFileSystem.TooFar e) {
            throw new ToolError.TellModel("line " + line + " of " + shown + " lies beyond the first "
                    + LocalFileSystem.MAX_SCANNED_CHARS / (1024 * 1024) + " MB, which is as far as read_file reads");
        } catch (FileSystemLoopException e) {
            throw new ToolError.TellModel(shown + " became a symbolic link; it is not read");
        } catch (IOException e) {
            // A host that cannot read a file usually means it is not there: say so plainly.
            if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new ToolError.TellModel("file not found: " + shown);
            }
            throw new ToolError.TellModel("could not read " + shown + ": " + reason(e));
        }
    }

    /** Writes the whole text of a file, creating parent directories as needed. */
    public static void write(ToolContext context, Path path, String content) throws ToolError.TellModel {
        String shown = Display.path(context.workspace(), path);
        inspect(context, path);
        try {
            Path parent = path.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new ToolError.TellModel("could not create the directory for " + shown + ": " + reason(e));
        }
        // Creating directories may have gone through a link made meanwhile: check the real path again.
        inspect(context, path);
        try {
            context.files().write(path, content, context.cancellation());
        } catch (FileSystemLoopException e) {
            throw new ToolError.TellModel("could not write " + shown + ": it became a symbolic link");
        } catch (IOException e) {
            throw new ToolError.TellModel("could not write " + shown + ": " + reason(e));
        }
    }

    /**
     * Checks a resolved path just before use: it must still resolve to itself inside the
     * workspace, and an existing entry must be a regular file.
     *
     * @return its attributes (not following links), or null when nothing is there
     */
    static BasicFileAttributes inspect(ToolContext context, Path path) throws ToolError.TellModel {
        Workspace workspace = context.workspace();
        String shown = Display.path(workspace, path);
        if (!workspace.resolve(path.toString()).equals(path)) {
            throw new ToolError.TellModel(shown + " changed into a symbolic link; it is not used");
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new ToolError.TellModel("could not open " + shown + ": " + reason(e));
        }
        if (attributes.isDirectory()) {
            throw new ToolError.TellModel(shown + " is a directory");
        }
        if (!attributes.isRegularFile()) {
            // A FIFO blocks the opener until a writer comes; a device such as /dev/zero never ends.
            throw new ToolError.TellModel(shown + " is not a regular file (a FIFO, device, socket or link); it is not opened");
        }
        return attributes;
    }

    static String reason(IOException e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
