package dev.tether.tools.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bubblewrap command line, in the order that makes the boundary: the system read-only first,
 * the workspace writable on top, the protected paths read-only again inside it, the masks last.
 */
class BwrapCommandTest {
    @TempDir
    Path dir;

    private SandboxPolicy policy(boolean network, Path... deny) {
        return new SandboxPolicy(null, List.of(), List.of(deny), network, new SandboxPolicy.Host(Path.of("/usr/bin/bwrap"),
                dir.resolve("run-user")), false);
    }

    @Test
    void theMountsComeInTheOrderThatKeepsTheBoundary() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.createDirectories(ws.resolve(".git/hooks"));
        Files.writeString(ws.resolve(".git/config"), "[core]\n");
        Files.writeString(ws.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.createDirectories(ws.resolve(".git/objects"));
        Files.createDirectories(ws.resolve(".git/refs"));
        Files.writeString(ws.resolve(".envrc"), "");
        Path ssh = Files.createDirectories(dir.resolve("home/.ssh"));
        Path netrc = Files.writeString(dir.resolve("home/.netrc"), "");
        Files.createDirectories(dir.resolve("run-user"));
        List<String> args = BwrapCommand.arguments(policy(false, ssh, netrc, dir.resolve("home/.missing")),
                SandboxMode.WORKSPACE_WRITE, List.of(ws), ws);
        assertEquals(List.of("--die-with-parent", "--new-session", "--cap-drop", "ALL", "--unshare-pid", "--unshare-ipc",
                "--unshare-uts", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--unshare-net"),
                args.subList(0, 17));
        int bind = args.indexOf("--bind");
        assertEquals(List.of("--bind", ws.toString(), ws.toString()), args.subList(bind, bind + 3));
        int config = args.indexOf(ws.resolve(".git/config").toString());
        int hooks = args.indexOf(ws.resolve(".git/hooks").toString());
        int envrc = args.indexOf(ws.resolve(".envrc").toString());
        assertEquals("--ro-bind", args.get(config - 1));
        assertTrue(bind < config - 1 && bind < hooks && bind < envrc, args.toString());
        assertFalse(args.contains(ws.resolve(".git/objects").toString()), "objects stay writable for git commit");
        int sshMask = args.indexOf(ssh.toRealPath().toString());
        assertEquals("--tmpfs", args.get(sshMask - 1));
        int netrcMask = args.indexOf(netrc.toRealPath().toString());
        assertEquals(List.of("--ro-bind", "/dev/null"), args.subList(netrcMask - 2, netrcMask));
        assertTrue(sshMask > config && netrcMask > config, "masks come after every bind");
        assertFalse(args.toString().contains(".missing"), "a path that is not there needs no mask");
        int run = args.indexOf("/run");
        assertEquals("--tmpfs", args.get(run - 1));
        assertTrue(args.contains(dir.resolve("run-user").toRealPath().toString()));
        assertTrue(args.containsAll(List.of("--unsetenv", "SSH_AUTH_SOCK")));
        assertEquals(List.of("--chdir", ws.toString()), args.subList(args.size() - 2, args.size()));
    }

    @Test
    void readOnlyBindsNothingWritableAndNetworkOnKeepsSockets() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        List<String> args = BwrapCommand.arguments(policy(true), SandboxMode.READ_ONLY, List.of(ws), ws);
        assertFalse(args.contains("--bind"), args.toString());
        assertFalse(args.contains("--unshare-net"), args.toString());
        assertFalse(args.contains("/run"), args.toString());
        assertFalse(args.contains("SSH_AUTH_SOCK"), args.toString());
    }

    @Test
    void aManagedModeCannotBeLoosenedForOneRun() {
        Sandbox sandbox = new Sandbox(new SandboxPolicy(SandboxMode.WORKSPACE_WRITE, List.of(), List.of(), false,
                SandboxPolicy.Host.NONE, true), () -> false);
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> sandbox.override(SandboxMode.OFF));
        assertEquals("the managed settings require the sandbox mode workspace-write; off is not allowed", refused.getMessage());
        sandbox.override(SandboxMode.READ_ONLY);
        assertEquals(SandboxMode.READ_ONLY, sandbox.mode());
        Sandbox user = new Sandbox(new SandboxPolicy(null, List.of(), List.of(), false, SandboxPolicy.Host.NONE, false), () -> true);
        assertEquals(SandboxMode.WORKSPACE_WRITE, user.mode(), "the default in auto");
        user.override(SandboxMode.OFF);
        assertEquals(SandboxMode.OFF, user.mode());
    }
}
