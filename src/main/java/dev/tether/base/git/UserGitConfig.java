package dev.tether.base.git;

import java.nio.file.Path;
import java.util.List;

/**
 * The user's own git configuration, as the {@code config} layer finds it from the environment
 * (the only layer that reads it): the home directory ({@code ~/} in git's paths) and the global
 * and system configuration files ({@code ~/.gitconfig}, {@code $XDG_CONFIG_HOME/git/config},
 * {@code /etc/gitconfig}, ...), whether they exist or not.
 */
public record UserGitConfig(Path home, List<Path> files) {
    /** No configuration files; the home directory this process runs for. */
    public static final UserGitConfig NONE = new UserGitConfig(Path.of(System.getProperty("user.home", "/")), List.of());

    public UserGitConfig {
        home = home.toAbsolutePath().normalize();
        files = files.stream().map(f -> f.toAbsolutePath().normalize()).distinct().toList();
    }
}
