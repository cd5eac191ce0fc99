package dev.tether.tools.sandbox;

import java.nio.file.Path;
import java.util.List;

/**
 * What the sandbox allows a command, as the settings say ({@code "sandbox"} in the config file and
 * the managed settings), with the host facts it needs, all read in {@code config}.
 *
 * @param mode          the mode the user chose, or null for the default: {@code workspace-write}
 *                      while the session is in {@code auto}, {@code off} otherwise
 * @param writableRoots directories a command may write besides the workspace and its private {@code /tmp}
 * @param denyRead      files and directories a command cannot read (credentials, Tether's own state)
 * @param network       whether a command may use the network (and the host's Unix sockets)
 * @param host          where bubblewrap and the runtime directory are
 * @param managed       whether the managed settings chose the mode: then no override may loosen it
 * @param allServers    whether every stdio MCP server runs in the sandbox (the managed settings'
 *                      {@code "sandbox": {"mcpServers": "all"}}), not only those whose entry says so
 */
public record SandboxPolicy(SandboxMode mode, List<Path> writableRoots, List<Path> denyRead, boolean network, Host host,
                            boolean managed, boolean allServers) {
    /** No sandbox in any session mode (tests, hosts that set nothing up). */
    public static final SandboxPolicy NONE = new SandboxPolicy(SandboxMode.OFF, List.of(), List.of(), false, Host.NONE, false);

    /** A policy that sandboxes only the stdio servers whose entry says so. */
    public SandboxPolicy(SandboxMode mode, List<Path> writableRoots, List<Path> denyRead, boolean network, Host host,
                         boolean managed) {
        this(mode, writableRoots, denyRead, network, host, managed, false);
    }

    public SandboxPolicy {
        writableRoots = List.copyOf(writableRoots);
        denyRead = List.copyOf(denyRead);
        java.util.Objects.requireNonNull(host);
    }

    /**
     * Facts about the machine the sandbox is built from.
     *
     * @param bwrap      the {@code bwrap} executable found on {@code PATH}, or null when there is none
     * @param runtimeDir {@code $XDG_RUNTIME_DIR} (the user's sockets and keyrings), or null
     */
    public record Host(Path bwrap, Path runtimeDir) {
        public static final Host NONE = new Host(null, null);
    }

    /** The mode a command runs in, {@code auto} being whether the session runs commands without asking. */
    public SandboxMode modeFor(boolean auto) {
        if (mode != null) {
            return mode;
        }
        return auto ? SandboxMode.WORKSPACE_WRITE : SandboxMode.OFF;
    }

    /** The same policy in another mode (a per-run override such as {@code tether exec --sandbox}). */
    public SandboxPolicy withMode(SandboxMode chosen) {
        return new SandboxPolicy(chosen, writableRoots, denyRead, network, host, managed, allServers);
    }

    /** The same policy with the network on or off (a stdio server's own choice). */
    public SandboxPolicy withNetwork(boolean allowed) {
        return new SandboxPolicy(mode, writableRoots, denyRead, allowed, host, managed, allServers);
    }

    /** The default {@code denyRead} list under {@code home}, plus Tether's own directories. */
    public static List<Path> defaultDenyRead(Path home, List<Path> tetherDirs) {
        List<Path> paths = new java.util.ArrayList<>();
        for (String name : DEFAULT_DENY_READ) {
            paths.add(home.resolve(name));
        }
        paths.addAll(tetherDirs);
        return List.copyOf(paths);
    }

    /** Credentials and browser profiles below the home directory that no command needs to read. */
    public static final List<String> DEFAULT_DENY_READ = List.of(".ssh", ".aws", ".azure", ".gnupg", ".config/gcloud",
            ".config/gh", ".kube", ".docker", ".netrc", ".npmrc", ".pypirc", ".git-credentials", ".cargo/credentials.toml",
            ".m2/settings.xml", ".vault-token",
            // browser profiles: cookies and saved passwords
            ".mozilla", ".config/google-chrome", ".config/chromium", ".config/BraveSoftware", ".config/microsoft-edge",
            ".config/vivaldi", "snap/firefox", "snap/chromium",
            "Library/Application Support/Google/Chrome", "Library/Application Support/Firefox",
            "Library/Application Support/BraveSoftware", "Library/Safari", "Library/Cookies", "Library/Keychains");
}
