package dev.tether.acp.schema.client;

/**
 * {@code terminal/wait_for_exit}: wait until the terminal's command has exited. The exit status
 * is read afterwards from {@code terminal/output}, so nothing of this answer is.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public record WaitForTerminalExitRequest(String sessionId, String terminalId) implements ClientRequest<Void> {
    @Override
    public String method() {
        return "terminal/wait_for_exit";
    }

    @Override
    public Class<Void> answer() {
        return Void.class;
    }
}
