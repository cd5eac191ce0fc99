package dev.tether.tools.permission;

/** What the {@link PermissionGate} decided for one tool call, and on what grounds. */
public sealed interface PermissionDecision {

    /** Who made the decision; the session's audit log records it. */
    enum Basis {
        /** The session's mode and the tool's (trusted) traits, without asking. */
        POLICY("policy"),
        /** The user's earlier "Always allow" of this very tool definition. */
        REMEMBERED("remembered"),
        /** The user, asked about this call. */
        USER("user");

        private final String id;

        Basis(String id) {
            this.id = id;
        }

        /** The value written to the audit log. */
        public String id() {
            return id;
        }
    }

    /** Run the call. */
    record Allowed(Basis basis) implements PermissionDecision {}

    /** Do not run it; the model reads {@code reason} as the call's result and the step goes on. */
    record Rejected(String reason, Basis basis) implements PermissionDecision {}

    /** The user dismissed the request (the turn is being cancelled): end the step, run nothing more. */
    record Cancelled() implements PermissionDecision {}

    String USER_REJECTED = "The user rejected this tool call.";
}
