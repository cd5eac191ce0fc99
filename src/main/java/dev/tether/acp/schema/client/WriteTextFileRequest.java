package dev.tether.acp.schema.client;

/**
 * {@code fs/write_text_file}: write {@code content} to a file through the editor, which keeps its
 * views in sync. The answer says nothing but that it was done.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public record WriteTextFileRequest(String sessionId, String path, String content) implements ClientRequest<Void> {
    @Override
    public String method() {
        return "fs/write_text_file";
    }

    @Override
    public Class<Void> answer() {
        return Void.class;
    }
}
