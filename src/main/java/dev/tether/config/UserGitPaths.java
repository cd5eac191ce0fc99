package dev.tether.config;

import dev.tether.base.git.UserGitConfig;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the user's own git configuration lives, from the environment (read here, in the one layer
 * that reads it): {@code ~/.gitconfig}, {@code $XDG_CONFIG_HOME/git/config} and
 * {@code ~/.config/git/config}, the files {@code GIT_CONFIG_GLOBAL} and {@code GIT_CONFIG_SYSTEM}
 * name, and {@code /etc/gitconfig}. Both XDG places are listed whatever the variable says, and
 * the defaults stay beside the variables' files: a file git does not read costs a question at
 * most, a file it reads and Tether does not could run a command. A relative value names no fixed
 * place (git would take it relative to wherever it runs) and adds nothing.
 *
 * @see <a href="https://git-scm.com/docs/git-config#FILES">git-config: files</a>
 */
final class UserGitPaths {
    private UserGitPaths() {}

    static UserGitConfig from(Map<String, String> env) {
        Path home = absolute(env.get("HOME")).orElse(Path.of(System.getProperty("user.home", "/")));
        List<Path> files = new ArrayList<>();
        files.add(home.resolve(".gitconfig"));
        absolute(env.get("XDG_CONFIG_HOME")).ifPresent(xdg -> files.add(xdg.resolve("git/config")));
        files.add(home.resolve(".config/git/config"));
        absolute(env.get("GIT_CONFIG_GLOBAL")).ifPresent(files::add);
        absolute(env.get("GIT_CONFIG_SYSTEM")).ifPresent(files::add);
        files.add(Path.of("/etc/gitconfig"));
        return new UserGitConfig(home, files);
    }

    private static Optional<Path> absolute(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(value);
            return path.isAbsolute() ? Optional.of(path) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }
}
