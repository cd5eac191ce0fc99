package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.git.UserGitConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The user's own git configuration files, as the environment names them, for git-aware protection. */
class UserGitPathsTest {
    @Test
    void everyPlaceGitReadsIsListed() {
        UserGitConfig git = UserGitPaths.from(Map.of("HOME", "/home/u", "XDG_CONFIG_HOME", "/xdg",
                "GIT_CONFIG_GLOBAL", "/etc/team.gitconfig", "GIT_CONFIG_SYSTEM", "/opt/git/etc/gitconfig"));
        assertEquals(new UserGitConfig(Path.of("/home/u"), List.of(Path.of("/home/u/.gitconfig"), Path.of("/xdg/git/config"),
                Path.of("/home/u/.config/git/config"), Path.of("/etc/team.gitconfig"), Path.of("/opt/git/etc/gitconfig"),
                Path.of("/etc/gitconfig"))), git);
    }

    @Test
    void aRelativeOrEmptyVariableNamesNoFixedPlaceAndTheDefaultsStay() {
        UserGitConfig git = UserGitPaths.from(Map.of("HOME", "/home/u", "XDG_CONFIG_HOME", "relative", "GIT_CONFIG_GLOBAL", ""));
        assertEquals(List.of(Path.of("/home/u/.gitconfig"), Path.of("/home/u/.config/git/config"), Path.of("/etc/gitconfig")),
                git.files());
    }
}
