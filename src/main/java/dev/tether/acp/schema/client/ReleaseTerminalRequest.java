package dev.tether.acp.schema.client;

/**
 * {@code terminal/release}: end the command if it still runs and free the terminal; its id is
 * not valid afterwards.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public record ReleaseTerminalRequest(String sessionId, String terminalId) implements ClientRequest<Void> {
    @Override
    public String method() {
        return "terminal/release";
    }

    @Override
    public Class<Void> answer() {
        return Void.class;
    }
}
