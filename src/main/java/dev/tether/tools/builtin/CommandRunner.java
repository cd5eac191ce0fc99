package dev.tether.tools.builtin;

import dev.tether.tools.Terminals;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import java.time.Duration;

/**
 * Runs a shell command for a tool call: in one of the host's terminals when the session's host
 * has them (the user watches it live), otherwise as a local process. Either way the command is
 * bounded by a timeout, killed on cancellation, and its output is bounded.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public final class CommandRunner {
    /** How long clean-up requests (kill, release) to the editor may take after a cancel. */
    static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(5);

    private CommandRunner() {}

    /**
     * Runs {@code spec} to completion or timeout.
     *
     * @throws ToolError.TellModel when the command cannot be started
     * @throws dev.tether.base.CancelledException when the turn was cancelled (the command is killed first)
     */
    public static CommandResult run(ToolContext context, CommandSpec spec) throws ToolError.TellModel {
        Terminals terminals = context.terminals();
        if (terminals != null) {
            return HostTerminal.run(context, terminals, spec);
        }
        return LocalProcess.run(context, spec);
    }
}
