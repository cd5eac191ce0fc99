package dev.tether.acp.schema.client;

/**
 * {@code terminal/kill}: end the terminal's command; the terminal stays until it is released, so
 * its output can still be read.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public record KillTerminalRequest(String sessionId, String terminalId) implements ClientRequest<Void> {
    @Override
    public String method() {
        return "terminal/kill";
    }

    @Override
    public Class<Void> answer() {
        return Void.class;
    }
}
