package dev.tether.tools.builtin;

import dev.tether.security.SecretRegistry;
import java.nio.file.Path;
import dev.tether.tools.sandbox.Sandbox;
import java.time.Duration;
import java.util.List;

/**
 * A shell command to run.
 *
 * @param command          run by {@code /bin/sh -c}
 * @param cwd              an absolute directory inside the workspace
 * @param timeout          after which the command is killed
 * @param outputByteLimit  how much of the output's tail to keep
 * @param secrets          whose variables the command's environment must not carry
 * @param wrapping         how it is launched: as it is, or inside the sandbox
 */
public record CommandSpec(String command, Path cwd, Duration timeout, int outputByteLimit, SecretRegistry secrets,
                          Sandbox.Wrapping wrapping) {

    /** A command launched as it is. */
    public CommandSpec(String command, Path cwd, Duration timeout, int outputByteLimit, SecretRegistry secrets) {
        this(command, cwd, timeout, outputByteLimit, secrets, new Sandbox.Wrapping.Direct());
    }

    /** The program and its arguments: {@code /bin/sh -c command}, through the sandbox when there is one. */
    public List<String> argv() {
        List<String> shell = List.of("/bin/sh", "-c", command);
        return wrapping instanceof Sandbox.Wrapping.Wrapped wrapped ? wrapped.commandLine(shell) : shell;
    }

    /** A command that withholds the built-in credential names (the provider keys, {@code TETHER_*}). */
    public CommandSpec(String command, Path cwd, Duration timeout, int outputByteLimit) {
        this(command, cwd, timeout, outputByteLimit, SecretRegistry.empty());
    }
}
