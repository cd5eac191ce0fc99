package dev.tether.tools.sandbox;

import java.util.Arrays;
import java.util.Optional;

/** How far the operating system confines a command: not at all, to reading, or to writing the workspace. */
public enum SandboxMode {
    OFF("off"),
    READ_ONLY("read-only"),
    WORKSPACE_WRITE("workspace-write");

    private final String id;

    SandboxMode(String id) {
        this.id = id;
    }

    /** The word the settings, {@code tether exec --sandbox} and {@code /sandbox} use. */
    public String id() {
        return id;
    }

    public static Optional<SandboxMode> fromId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }
}
