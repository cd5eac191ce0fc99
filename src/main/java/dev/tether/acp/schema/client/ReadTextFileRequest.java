package dev.tether.acp.schema.client;

/**
 * {@code fs/read_text_file}: a text file as the editor has it (unsaved changes included), from
 * 1-based {@code line} for {@code limit} lines; both may be null (from the start, to the end).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public record ReadTextFileRequest(String sessionId, String path, Integer line, Integer limit)
        implements ClientRequest<ReadTextFileResponse> {
    @Override
    public String method() {
        return "fs/read_text_file";
    }

    @Override
    public Class<ReadTextFileResponse> answer() {
        return ReadTextFileResponse.class;
    }
}
