package dev.tether.acp.schema.client;

/**
 * The answer to {@code terminal/create}: the new terminal's id; null when the editor sent none.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public record CreateTerminalResponse(String terminalId) {}
