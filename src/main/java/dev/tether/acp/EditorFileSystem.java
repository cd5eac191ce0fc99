package dev.tether.acp;

import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.FileSystem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The editor's files: {@code fs/read_text_file} and {@code fs/write_text_file}, which see
 * unsaved buffers and keep the editor's views in sync. An error answer becomes an
 * {@link IOException} carrying the editor's message.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public final class EditorFileSystem implements FileSystem {
    private final ClientChannel client;
    private final String sessionId;

    public EditorFileSystem(ClientChannel client, String sessionId) {
        this.client = client;
        this.sessionId = sessionId;
    }

    /**
     * The session's file system: reads and writes each go through the editor when it offers that
     * method, and to {@code local} otherwise.
     */
    public static FileSystem choose(ClientChannel client, ClientCapabilities capabilities, String sessionId,
                                    FileSystem local) {
        FileSystem editor = new EditorFileSystem(client, sessionId);
        FileSystem reads = capabilities.readTextFile() ? editor : local;
        FileSystem writes = capabilities.writeTextFile() ? editor : local;
        return reads == writes ? reads : new Split(reads, writes);
    }

    @Override
    public String read(Path path, Integer line, Integer limit, Cancellation cancellation) throws IOException {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", sessionId);
        params.put("path", path.toString());
        if (line != null) {
            params.put("line", line);
        }
        if (limit != null) {
            params.put("limit", limit);
        }
        JsonNode result;
        try {
            result = client.request("fs/read_text_file", params, cancellation);
        } catch (JsonRpcException e) {
            throw new IOException(e.getMessage(), e);
        }
        JsonNode content = result == null ? null : result.get("content");
        if (content == null || !content.isString()) {
            throw new IOException("the editor sent no content");
        }
        return content.asString();
    }

    @Override
    public void write(Path path, String content, Cancellation cancellation) throws IOException {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", sessionId);
        params.put("path", path.toString());
        params.put("content", content);
        try {
            client.request("fs/write_text_file", params, cancellation);
        } catch (JsonRpcException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Reads from one file system and writes to another (an editor that offers only one of the two). */
    private record Split(FileSystem reads, FileSystem writes) implements FileSystem {
        @Override
        public String read(Path path, Integer line, Integer limit, Cancellation cancellation) throws IOException {
            return reads.read(path, line, limit, cancellation);
        }

        @Override
        public void write(Path path, String content, Cancellation cancellation) throws IOException {
            writes.write(path, content, cancellation);
        }
    }
}
