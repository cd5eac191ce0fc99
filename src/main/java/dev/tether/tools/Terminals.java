package dev.tether.tools;

import dev.tether.base.Cancellation;
import java.util.List;

/**
 * Terminals the host runs and shows live (the editor's {@code terminal/*}). A terminal is
 * created running its command, waited for, read, killed, and released once done with.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/terminals">ACP terminals</a>
 */
public interface Terminals {

    /** Starts {@code launch}; returns the host's terminal id. */
    String create(Launch launch, Cancellation cancellation) throws HostFailure;

    /** Returns once the command has exited; {@code cancellation} stops waiting (not the command). */
    void waitForExit(String terminalId, Cancellation cancellation) throws HostFailure;

    /** The output kept so far, and the exit status once there is one. */
    Output output(String terminalId, Cancellation cancellation) throws HostFailure;

    void kill(String terminalId, Cancellation cancellation) throws HostFailure;

    /** Frees the terminal (killing the command if it still runs); its id is not used again. */
    void release(String terminalId, Cancellation cancellation) throws HostFailure;

    /**
     * A command to start.
     *
     * @param env              variables set for the command, in order
     * @param outputByteLimit  how much of the output's tail the host keeps
     */
    record Launch(String command, List<String> args, String cwd, List<Variable> env, int outputByteLimit) {
        public Launch {
            args = List.copyOf(args);
            env = List.copyOf(env);
        }
    }

    record Variable(String name, String value) {}

    /**
     * @param exitCode null while running or when ended by a signal
     * @param signal   the signal that ended the command, or null
     */
    record Output(String output, boolean truncated, Integer exitCode, String signal) {}
}
