package dev.tether.tools.builtin;

import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolFailure;
import dev.tether.tools.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Text file access for the built-in tools. Goes through the editor ({@code fs/read_text_file},
 * {@code fs/write_text_file}) when it offers them, because the editor knows unsaved buffers
 * and keeps its views in sync; otherwise uses the local file system. Paths are already
 * resolved inside the {@link Workspace}; both ways pass the same checks before anything is
 * opened or sent: the path still resolves to itself (no link swapped in), an existing file is
 * a regular file (a FIFO would block the call, a device never ends), and a file read whole is
 * at most {@link #MAX_WHOLE_FILE_BYTES}. Local opens do not follow a link in the last component.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public final class FileAccess {
    /**
     * The largest file read whole into memory (edit_file, write_file's diff, a read without a
     * line window). Larger files are refused before a byte is read; read_file pages through them.
     */
    public static final long MAX_WHOLE_FILE_BYTES = 4L * 1024 * 1024;

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    private static final Set<OpenOption> WRITE = Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS);

    private FileAccess() {}

    /** The whole text of a file. */
    public static String read(ToolContext context, Path path) throws ToolFailure {
        return read(context, path, null, null);
    }

    /**
     * The current text of a file that may not exist yet (null then), for a diff. Refuses files
     * too large to read whole, so a preview never loads a huge file.
     */
    static String current(ToolContext context, Path path) throws ToolFailure {
        BasicFileAttributes attributes = inspect(context, path);
        return attributes == null ? null : read(context, path);
    }

    /**
     * Text from 1-based {@code line} (null = 1), at most {@code limit} lines (null = all).
     *
     * @throws ToolFailure when the file is missing, not a regular file, too large, or unreadable
     */
    public static String read(ToolContext context, Path path, Integer line, Integer limit) throws ToolFailure {
        String shown = Display.path(context.workspace(), path);
        BasicFileAttributes attributes = inspect(context, path);
        boolean whole = line == null && limit == null;
        if (attributes != null && whole && attributes.size() > MAX_WHOLE_FILE_BYTES) {
            throw new ToolFailure(shown + " is " + Display.bytes(attributes.size()) + ", more than the "
                    + Display.bytes(MAX_WHOLE_FILE_BYTES) + " read whole; read it in parts with read_file offset and limit");
        }
        // The editor would load a huge file whole to answer for a window of it; the disk is streamed.
        boolean huge = attributes != null && attributes.size() > MAX_WHOLE_FILE_BYTES;
        if (context.capabilities().readTextFile() && !huge) {
            return readThroughEditor(context, path, shown, line, limit);
        }
        if (attributes == null) {
            throw new ToolFailure("file not found: " + shown);
        }
        return readLocal(context, path, shown, line, limit);
    }

    private static String readThroughEditor(ToolContext context, Path path, String shown, Integer line, Integer limit)
            throws ToolFailure {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", context.sessionId());
        params.put("path", path.toString());
        if (line != null) {
            params.put("line", line);
        }
        if (limit != null) {
            params.put("limit", limit);
        }
        try {
            JsonNode result = context.client().request("fs/read_text_file", params, context.cancellation());
            JsonNode content = result == null ? null : result.get("content");
            if (content == null || !content.isString()) {
                throw new ToolFailure("could not read " + shown + ": the editor sent no content");
            }
            return content.asString();
        } catch (JsonRpcException e) {
            if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new ToolFailure("file not found: " + shown);
            }
            throw new ToolFailure("could not read " + shown + ": " + e.getMessage());
        }
    }

    /** Writes the whole text of a file, creating parent directories as needed. */
    public static void write(ToolContext context, Path path, String content) throws ToolFailure {
        String shown = Display.path(context.workspace(), path);
        inspect(context, path);
        try {
            Path parent = path.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new ToolFailure("could not create the directory for " + shown + ": " + reason(e));
        }
        // Creating directories may have gone through a link made meanwhile: check the real path again.
        inspect(context, path);
        if (context.capabilities().writeTextFile()) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("sessionId", context.sessionId());
            params.put("path", path.toString());
            params.put("content", content);
            try {
                context.client().request("fs/write_text_file", params, context.cancellation());
                return;
            } catch (JsonRpcException e) {
                throw new ToolFailure("could not write " + shown + ": " + e.getMessage());
            }
        }
        try (OutputStream out = Channels.newOutputStream(Files.newByteChannel(path, WRITE))) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        } catch (FileSystemLoopException e) {
            throw new ToolFailure("could not write " + shown + ": it became a symbolic link");
        } catch (IOException e) {
            throw new ToolFailure("could not write " + shown + ": " + reason(e));
        }
    }

    /**
     * Checks a resolved path just before use: it must still resolve to itself inside the
     * workspace, and an existing entry must be a regular file.
     *
     * @return its attributes (not following links), or null when nothing is there
     */
    static BasicFileAttributes inspect(ToolContext context, Path path) throws ToolFailure {
        Workspace workspace = context.workspace();
        String shown = Display.path(workspace, path);
        if (!workspace.resolve(path.toString()).equals(path)) {
            throw new ToolFailure(shown + " changed into a symbolic link; it is not used");
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new ToolFailure("could not open " + shown + ": " + reason(e));
        }
        if (attributes.isDirectory()) {
            throw new ToolFailure(shown + " is a directory");
        }
        if (!attributes.isRegularFile()) {
            // A FIFO blocks the opener until a writer comes; a device such as /dev/zero never ends.
            throw new ToolFailure(shown + " is not a regular file (a FIFO, device, socket or link); it is not opened");
        }
        return attributes;
    }

    private static String readLocal(ToolContext context, Path path, String shown, Integer line, Integer limit)
            throws ToolFailure {
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(path, READ))) {
            if (line == null && limit == null) {
                byte[] bytes = in.readNBytes((int) MAX_WHOLE_FILE_BYTES + 1);
                if (bytes.length > MAX_WHOLE_FILE_BYTES) {
                    throw new ToolFailure(shown + " grew past " + Display.bytes(MAX_WHOLE_FILE_BYTES) + " while being read");
                }
                return new String(bytes, StandardCharsets.UTF_8);
            }
            return LineWindow.read(in, line == null ? 1 : line, limit == null ? Integer.MAX_VALUE : limit,
                    context.cancellation());
        } catch (NoSuchFileException e) {
            throw new ToolFailure("file not found: " + shown);
        } catch (LineWindow.TooFar e) {
            throw new ToolFailure("line " + line + " of " + shown + " lies beyond the first "
                    + LineWindow.MAX_SCANNED_CHARS / (1024 * 1024) + " MB, which is as far as read_file reads");
        } catch (FileSystemLoopException e) {
            throw new ToolFailure(shown + " became a symbolic link; it is not read");
        } catch (IOException e) {
            throw new ToolFailure("could not read " + shown + ": " + reason(e));
        }
    }

    static String reason(IOException e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
