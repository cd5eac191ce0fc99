package dev.tether.tools;

/**
 * A tool call that failed in a way the model should read and can react to (bad input, a path
 * outside the workspace, a missing file). The message is shown to the model and the editor:
 * keep it short, specific and free of secrets.
 */
public final class ToolFailure extends Exception {
    public ToolFailure(String message) {
        super(message, null, false, false);
    }
}
