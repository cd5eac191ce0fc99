package dev.tether.acp.schema.client;

/**
 * {@code terminal/output}: what the terminal has printed so far, and its exit status once it has one.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public record TerminalOutputRequest(String sessionId, String terminalId) implements ClientRequest<TerminalOutputResponse> {
    @Override
    public String method() {
        return "terminal/output";
    }

    @Override
    public Class<TerminalOutputResponse> answer() {
        return TerminalOutputResponse.class;
    }
}
