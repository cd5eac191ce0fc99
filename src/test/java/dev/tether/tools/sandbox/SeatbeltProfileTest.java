package dev.tether.tools.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The macOS profile says the same policy as the bubblewrap command line, in an order where the narrowing rules win. */
class SeatbeltProfileTest {
    private static final Path HOME = Path.of("/Users/ann");
    private static final Path WS = Path.of("/Users/ann/src/app");
    private static final Path TMP = Path.of("/private/var/folders/xy/T/tether-cmd");

    private static SandboxPolicy policy(boolean network) {
        return new SandboxPolicy(null, List.of(Path.of("/Users/ann/.cache/npm")),
                SandboxPolicy.defaultDenyRead(HOME, List.of(Path.of("/Users/ann/.config/tether"))), network, SandboxPolicy.Host.NONE,
                false);
    }

    @Test
    void workspaceWriteAllowsTheWorkspaceRootsAndTmpAndNothingElse() {
        String profile = SeatbeltProfile.generate(policy(false), SandboxMode.WORKSPACE_WRITE, List.of(WS), TMP);
        List<String> lines = profile.lines().toList();
        assertEquals("(version 1)", lines.get(0));
        assertEquals("(deny default)", lines.get(1));
        int read = lines.indexOf("(allow file-read*)");
        int deny = index(lines, "(deny file-read* file-write* ");
        int write = index(lines, "(allow file-write* ");
        int kept = index(lines, "(deny file-write* ");
        assertTrue(read < deny && deny < write && write < kept, profile);
        assertTrue(lines.get(deny).contains("(subpath \"/Users/ann/.ssh\")"), profile);
        assertTrue(lines.get(deny).contains("(subpath \"/Users/ann/.config/tether\")"), profile);
        assertTrue(lines.get(deny).contains("(subpath \"/Users/ann/Library/Keychains\")"), profile);
        assertTrue(lines.get(write).startsWith("(allow file-write* (subpath \"" + TMP + "\") (subpath \"" + WS
                + "\") (subpath \"/Users/ann/.cache/npm\")"), profile);
        assertTrue(lines.get(kept).contains("(subpath \"/Users/ann/src/app/.git/config\")"), profile);
        assertTrue(lines.get(kept).contains("(subpath \"/Users/ann/src/app/.git/hooks\")"), profile);
        assertTrue(lines.get(kept).contains("(subpath \"/Users/ann/src/app/.envrc\")"), profile);
        assertFalse(profile.contains("network"), "no network rule: denied by default");
    }

    @Test
    void readOnlyWritesOnlyItsTemporaryDirectoryAndNetworkIsOneRule() {
        String profile = SeatbeltProfile.generate(policy(true), SandboxMode.READ_ONLY, List.of(WS), TMP);
        assertFalse(profile.contains("(subpath \"" + WS + "\")"), profile);
        assertTrue(profile.contains("(allow file-write* (subpath \"" + TMP + "\") (literal \"/dev/null\")"), profile);
        assertTrue(profile.lines().toList().contains("(allow network* system-socket)"), profile);
    }

    @Test
    void aPathCannotCloseItsStringAndAddARule() {
        Path evil = Path.of("/Users/ann/src/x\") (allow file-write* (subpath \"/\")) (\"\n");
        String profile = SeatbeltProfile.generate(policy(false), SandboxMode.WORKSPACE_WRITE, List.of(evil), TMP);
        assertFalse(profile.contains("(allow file-write* (subpath \"/\"))"), profile);
        assertTrue(profile.contains("(subpath \"/Users/ann/src/x\\\") (allow file-write* (subpath \\\"/\\\")) (\\\"\\n\")"), profile);
        assertEquals("\"a\\\\b\\x01\"", SeatbeltProfile.quoted("a\\b\u0001"));
    }

    private static int index(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting " + prefix + " in " + lines);
    }
}
