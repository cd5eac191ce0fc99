package dev.tether.acp.schema.client;

/**
 * The answer to {@code fs/read_text_file}: the text read; null when the editor sent none.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/file-system">ACP file system</a>
 */
public record ReadTextFileResponse(String content) {}
