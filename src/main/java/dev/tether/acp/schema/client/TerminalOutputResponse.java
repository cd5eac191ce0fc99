package dev.tether.acp.schema.client;

/**
 * The answer to {@code terminal/output}: the output kept (null when the editor sent none),
 * whether older output was dropped, and the exit status (null while the command runs).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public record TerminalOutputResponse(String output, boolean truncated, ExitStatus exitStatus) {

    /** How the command ended: its exit code, or the signal that ended it; either may be null. */
    public record ExitStatus(Integer exitCode, String signal) {}
}
