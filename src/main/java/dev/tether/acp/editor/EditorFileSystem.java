package dev.tether.acp.editor;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.acp.schema.client.ReadTextFileRequest;
import dev.tether.acp.schema.client.ReadTextFileResponse;
import dev.tether.acp.schema.client.WriteTextFileRequest;
import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.FileSystem;
import java.io.IOException;
import java.nio.file.Path;

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
        ReadTextFileResponse answer;
        try {
            answer = client.request(new ReadTextFileRequest(sessionId, path.toString(), line, limit), cancellation);
        } catch (JsonRpcException e) {
            throw new IOException(e.getMessage(), e);
        }
        if (answer == null || answer.content() == null) {
            throw new IOException("the editor sent no content");
        }
        return answer.content();
    }

    @Override
    public void write(Path path, String content, Cancellation cancellation) throws IOException {
        try {
            client.request(new WriteTextFileRequest(sessionId, path.toString(), content), cancellation);
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
