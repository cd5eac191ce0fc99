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

    /** Whether {@code a} confines more than {@code b} (read-only over workspace-write over off). */
    public static boolean stricter(SandboxMode a, SandboxMode b) {
        return strictness(a) > strictness(b);
    }

    private static int strictness(SandboxMode mode) {
        return switch (mode) {
            case OFF -> 0;
            case WORKSPACE_WRITE -> 1;
            case READ_ONLY -> 2;
        };
    }

    public static Optional<SandboxMode> fromId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }
}
