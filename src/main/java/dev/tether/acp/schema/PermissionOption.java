package dev.tether.acp.schema;

/**
 * A choice offered in {@code session/request_permission}; {@code kind} is allow_once,
 * allow_always, reject_once or reject_always.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
public record PermissionOption(String optionId, String name, String kind) {
    public static final PermissionOption ALLOW_ONCE = new PermissionOption("allow_once", "Allow", "allow_once");
    public static final PermissionOption ALLOW_ALWAYS = new PermissionOption("allow_always", "Always allow", "allow_always");
    public static final PermissionOption REJECT_ONCE = new PermissionOption("reject_once", "Reject", "reject_once");
}
