package dev.tether.tools.rules;

import java.nio.file.Path;

/**
 * Where a session's path rules are anchored: {@code src/**} and {@code ./src/**} under the
 * session's directory (the workspace), {@code /src/**} under the project root, {@code ~/x} under
 * the user's home, {@code //etc/x} at the file-system root.
 */
public record Places(Path projectRoot, Path cwd, Path home) {
    public Places {
        projectRoot = projectRoot.toAbsolutePath().normalize();
        cwd = cwd.toAbsolutePath().normalize();
        home = home == null ? null : home.toAbsolutePath().normalize();
    }
}
