package dev.tether.tools.builtin;

import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolFailure;
import dev.tether.tools.Workspace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Text file access for the built-in tools. Goes through the editor ({@code fs/read_text_file},
 * {@code fs/write_text_file}) when it offers them, because the editor knows unsaved buffers
 * and keeps its views in sync; otherwise uses the local file system. Paths are already
 * resolved inside the {@link Workspace}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public final class FileAccess {
    private FileAccess() {}

    /** The whole text of a file. */
    public static String read(ToolContext context, Path path) throws ToolFailure {
        return read(context, path, null, null);
    }

    /**
     * Text from 1-based {@code line} (null = 1), at most {@code limit} lines (null = all).
     *
     * @throws ToolFailure when the file is missing, a directory, or unreadable
     */
    public static String read(ToolContext context, Path path, Integer line, Integer limit) throws ToolFailure {
        String shown = Display.path(context.workspace(), path);
        if (Files.isDirectory(path)) {
            throw new ToolFailure(shown + " is a directory");
        }
        if (context.capabilities().readTextFile()) {
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
                if (!Files.exists(path)) {
                    throw new ToolFailure("file not found: " + shown);
                }
                throw new ToolFailure("could not read " + shown + ": " + e.getMessage());
            }
        }
        return readLocal(path, shown, line, limit);
    }

    /** Writes the whole text of a file, creating parent directories as needed. */
    public static void write(ToolContext context, Path path, String content) throws ToolFailure {
        String shown = Display.path(context.workspace(), path);
        if (Files.isDirectory(path)) {
            throw new ToolFailure(shown + " is a directory");
        }
        try {
            Path parent = path.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new ToolFailure("could not create the directory for " + shown + ": " + reason(e));
        }
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
        try {
            Files.writeString(path, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ToolFailure("could not write " + shown + ": " + reason(e));
        }
    }

    private static String readLocal(Path path, String shown, Integer line, Integer limit) throws ToolFailure {
        if (!Files.exists(path)) {
            throw new ToolFailure("file not found: " + shown);
        }
        try {
            if (line == null && limit == null) {
                return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
            }
            // Streams, so a small window of a huge file does not load all of it.
            var decoder = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE);
            StringBuilder out = new StringBuilder();
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(path), decoder))) {
                int first = line == null ? 1 : line;
                int max = limit == null ? Integer.MAX_VALUE : limit;
                String text;
                int number = 0;
                int taken = 0;
                while (taken < max && (text = reader.readLine()) != null) {
                    number++;
                    if (number >= first) {
                        out.append(text).append('\n');
                        taken++;
                    }
                }
            }
            return out.toString();
        } catch (NoSuchFileException e) {
            throw new ToolFailure("file not found: " + shown);
        } catch (IOException e) {
            throw new ToolFailure("could not read " + shown + ": " + reason(e));
        }
    }

    static String reason(IOException e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
