package dev.tether.tools;

/**
 * Why a tool call failed, in one of two kinds that decide what happens next. A
 * {@link TellModel} is the common case: the call is answered with the message as an error result,
 * the editor shows it, and the turn goes on so that the model can adapt. A {@link Fatal} ends the
 * turn: the call and every later call of its step are still answered (no {@code tool_use} may lack
 * its result), the user reads the message, and the next prompt starts normally.
 *
 * <p>An exception rather than a result variant because failures are found deep inside a tool
 * (parsing its input, resolving a path, talking to the host) and travel unchanged to the one
 * place that answers the call; checked, so that a tool declares what it may fail with. A tool
 * that ran and reports an error the model reads as its output (an MCP {@code isError} answer)
 * returns a {@link ToolOutcome} instead. Cancellation is neither kind: it is
 * {@link dev.tether.base.CancelledException}. Messages are short, specific and free of secrets;
 * no stack trace is kept, since none is ever shown.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#status">ACP tool call status</a>
 */
public abstract sealed class ToolError extends Exception {

    private ToolError(String message) {
        super(message, null, false, false);
    }

    /**
     * A failure the model should read and can react to (bad input, a path outside the workspace,
     * a missing file, a server that did not answer): the loop continues.
     */
    public static final class TellModel extends ToolError {
        public TellModel(String message) {
            super(message);
        }
    }

    /**
     * A failure after which the turn must not go on: the turn ends and the user is told the
     * message, which should say what happened in a sentence a user understands.
     */
    public static final class Fatal extends ToolError {
        public Fatal(String message) {
            super(message);
        }
    }
}
