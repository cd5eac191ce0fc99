package dev.tether.tools.permission;

/**
 * An answer the user may give when asked about a tool call. "Always allow" is remembered for
 * the rest of the session by the call's approval key.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#permission-options">ACP permission options</a>
 */
public enum PermissionChoice {
    ALLOW_ONCE, ALLOW_ALWAYS, REJECT_ONCE;

    public boolean allows() {
        return this != REJECT_ONCE;
    }
}
