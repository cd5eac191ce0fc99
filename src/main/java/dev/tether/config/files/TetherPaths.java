package dev.tether.config.files;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where Tether keeps things, following the XDG base directories: transcripts under
 * {@code $XDG_STATE_HOME/tether}, configuration under {@code $XDG_CONFIG_HOME/tether}.
 */
public record TetherPaths(Path stateDir, Path configDir) {

    public static TetherPaths from(Map<String, String> env) {
        Path home = Path.of(env.getOrDefault("HOME", System.getProperty("user.home")));
        Path state = absolute(env.get("XDG_STATE_HOME"), home.resolve(".local/state"));
        Path config = absolute(env.get("XDG_CONFIG_HOME"), home.resolve(".config"));
        return new TetherPaths(state.resolve("tether"), config.resolve("tether"));
    }

    /** The spec says relative XDG paths are invalid and must be ignored. */
    private static Path absolute(String value, Path fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        Path path = Path.of(value);
        return path.isAbsolute() ? path : fallback;
    }

    public Path sessionsDir() {
        return stateDir.resolve("sessions");
    }

    public Path configFile() {
        return configDir.resolve("config.json");
    }
}
