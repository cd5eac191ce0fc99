package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code "sandbox"} in the config file and the managed settings reach the policy: the defaults
 * (workspace-write in auto, the credentials and Tether's own directories hidden, no network),
 * the user's choices, the managed settings' that win and cannot be loosened, and bad values kept
 * at their defaults.
 */
class SandboxSettingsTest {
    @TempDir
    Path dir;

    private SandboxPolicy read(String user, String managed) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path bwrap = bin.resolve("bwrap");
        if (!Files.exists(bwrap)) {
            Files.writeString(bwrap, "#!/bin/sh\n");
            bwrap.toFile().setExecutable(true);
        }
        Map<String, String> env = Map.of("HOME", dir.resolve("home").toString(), "PATH", "/nonexistent:" + bin,
                "XDG_RUNTIME_DIR", "/run/user/1000");
        TetherPaths paths = new TetherPaths(dir.resolve("state"), dir.resolve("config"));
        return SandboxConfig.from(Json.parse(user), Json.parse(managed), env, paths);
    }

    @Test
    void theDefaultsFollowTheSessionModeAndHideCredentials() throws Exception {
        SandboxPolicy policy = read("{}", "{}");
        assertNull(policy.mode());
        assertEquals(SandboxMode.WORKSPACE_WRITE, policy.modeFor(true));
        assertEquals(SandboxMode.OFF, policy.modeFor(false));
        assertFalse(policy.network());
        assertTrue(policy.denyRead().containsAll(List.of(dir.resolve("home/.ssh"), dir.resolve("home/.aws"),
                dir.resolve("home/.config/gh"), dir.resolve("home/.git-credentials"), dir.resolve("config"), dir.resolve("state"))));
        assertEquals(dir.resolve("bin/bwrap"), policy.host().bwrap());
        assertEquals(Path.of("/run/user/1000"), policy.host().runtimeDir());
        assertFalse(policy.managed());
    }

    @Test
    void theUsersChoicesAndTheManagedSettingsThatWin() throws Exception {
        SandboxPolicy user = read("{\"sandbox\": {\"mode\": \"read-only\", \"network\": true, \"writableRoots\": [\"~/cache\", \"/opt/x\"],"
                + " \"denyRead\": [\"~/secret\"]}}", "{}");
        assertEquals(SandboxMode.READ_ONLY, user.modeFor(false));
        assertTrue(user.network());
        assertEquals(List.of(dir.resolve("home/cache"), Path.of("/opt/x")), user.writableRoots());
        assertEquals(List.of(dir.resolve("home/secret"), dir.resolve("config"), dir.resolve("state")), user.denyRead(),
                "the user's own list replaces the credential defaults, never Tether's own directories");
        SandboxPolicy managed = read("{\"sandbox\": {\"mode\": \"off\", \"network\": true}}",
                "{\"sandbox\": {\"mode\": \"workspace-write\", \"network\": false, \"denyRead\": [\"/srv/keys\"]}}");
        assertEquals(SandboxMode.WORKSPACE_WRITE, managed.modeFor(false));
        assertTrue(managed.managed());
        assertFalse(managed.network());
        assertTrue(managed.denyRead().contains(Path.of("/srv/keys")));
        assertTrue(managed.denyRead().contains(dir.resolve("home/.ssh")));
        assertFalse(managed.allServers());
        assertTrue(read("{\"sandbox\": {\"mcpServers\": \"all\"}}", "{\"sandbox\": {\"mcpServers\": \"all\"}}").allServers());
        assertFalse(read("{\"sandbox\": {\"mcpServers\": \"all\"}}", "{}").allServers(), "only the managed settings can say it");
    }

    @Test
    void badValuesKeepTheirDefaults() throws Exception {
        SandboxPolicy policy = read("{\"sandbox\": {\"mode\": \"yolo\", \"network\": \"yes\", \"writableRoots\": [\"relative/dir\", 3]}}", "{}");
        assertNull(policy.mode());
        assertFalse(policy.network());
        assertEquals(List.of(), policy.writableRoots());
    }
}
