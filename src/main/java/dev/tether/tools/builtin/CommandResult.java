package dev.tether.tools.builtin;

/**
 * How a command ended.
 *
 * @param exitCode   the exit code, or null when it was ended by a signal or killed
 * @param signal     the signal that ended it (e.g. "SIGKILL"), or null
 * @param output     stdout and stderr interleaved; the tail when {@code truncated}
 * @param truncated  whether the beginning of the output was cut to stay within the limit
 * @param timedOut   whether Tether killed it because it ran past its timeout
 * @param terminalId the editor terminal it ran in, or null when it ran locally
 */
public record CommandResult(Integer exitCode, String signal, String output, boolean truncated, boolean timedOut,
                            String terminalId) {}
