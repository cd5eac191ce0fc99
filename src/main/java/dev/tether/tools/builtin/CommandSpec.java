package dev.tether.tools.builtin;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A shell command to run.
 *
 * @param command          run by {@code /bin/sh -c}
 * @param cwd              an absolute directory inside the workspace
 * @param timeout          after which the command is killed
 * @param outputByteLimit  how much of the output's tail to keep
 */
public record CommandSpec(String command, Path cwd, Duration timeout, int outputByteLimit) {}
