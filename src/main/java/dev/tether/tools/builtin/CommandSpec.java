package dev.tether.tools.builtin;

import dev.tether.security.SecretRegistry;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A shell command to run.
 *
 * @param command          run by {@code /bin/sh -c}
 * @param cwd              an absolute directory inside the workspace
 * @param timeout          after which the command is killed
 * @param outputByteLimit  how much of the output's tail to keep
 * @param secrets          whose variables the command's environment must not carry
 */
public record CommandSpec(String command, Path cwd, Duration timeout, int outputByteLimit, SecretRegistry secrets) {

    /** A command that withholds the built-in credential names (the provider keys, {@code TETHER_*}). */
    public CommandSpec(String command, Path cwd, Duration timeout, int outputByteLimit) {
        this(command, cwd, timeout, outputByteLimit, SecretRegistry.empty());
    }
}
