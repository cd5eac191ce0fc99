package dev.tether.cli.exit;

/**
 * The exit codes of every {@code tether} command, one definition: 0, 1 and 2 mean the same for
 * each command; {@code tether exec} adds 3, 4, 5 and 130 (docs/reference/exec.md).
 */
public enum ExitCode {
    /** The command did what it was asked (for {@code exec}: the turn ended, {@code end_turn}). */
    OK(0),
    /** It failed: the model or provider, a server, a file it had to read or write. */
    FAILURE(1),
    /** The command line or the configuration is wrong; nothing was done. */
    USAGE(2),
    /** {@code exec}: the model provider has no credentials, or rejected them. */
    AUTH(3),
    /** {@code exec}: a limit ended the turn ({@code --max-turns}, {@code --timeout}, max_tokens, a refusal). */
    LIMIT(4),
    /** {@code exec}: the answer did not meet {@code --output-schema}. */
    SCHEMA(5),
    /** {@code exec}: interrupted (SIGINT). */
    INTERRUPTED(130);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    /** The process's exit status. */
    public int code() {
        return code;
    }
}
