package dev.tether.tools;

import java.util.Arrays;
import java.util.Optional;

/**
 * How much a session may do without asking. Offered to the editor as ACP session modes.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-modes">ACP session modes</a>
 */
public enum SessionMode {
    ASK("ask", "Ask", "Ask before editing files or running commands."),
    ACCEPT_EDITS("acceptEdits", "Accept edits", "Edit files without asking; ask before running commands."),
    AUTO("auto", "Auto", "Run tools without asking, except those marked as needing confirmation."),
    READ_ONLY("readOnly", "Read only", "Only read and search; never edit files or run commands.");

    public static final SessionMode DEFAULT = ASK;

    private final String id;
    private final String displayName;
    private final String description;

    SessionMode(String id, String displayName, String description) {
        this.id = id;
        this.displayName = displayName;
        this.description = description;
    }

    /** The ACP mode id, e.g. {@code acceptEdits}. */
    public String id() {
        return id;
    }

    /** The ACP mode name shown in the editor's picker. */
    public String displayName() {
        return displayName;
    }

    public String description() {
        return description;
    }

    public static Optional<SessionMode> fromId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }
}
