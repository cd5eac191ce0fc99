package dev.tether.tools.permission;

/** What the {@link PermissionGate} decided for one tool call, and on what grounds. */
public sealed interface PermissionDecision {

    /**
     * Who made the decision, in the words every report uses: {@link #id()} is the audit log's
     * {@code decidedBy}, {@link #by()} the shorter word of {@code tether exec}'s {@code "by"}
     * ({@code rule}, {@code mode}, {@code flag} or {@code user}).
     */
    enum Basis {
        /** The session's mode and the tool's (trusted) traits, without asking. */
        POLICY("policy", "mode"),
        /** A permission rule the user, the administrator or the project wrote. */
        RULE("rule", "rule"),
        /** The user's earlier "Always allow": a rule of the local scope, or an answer of this session. */
        REMEMBERED("remembered", "rule"),
        /** A permission given on {@code tether exec}'s command line. */
        FLAG("flag", "flag"),
        /** The user, asked about this call. */
        USER("user", "user");

        private final String id;
        private final String by;

        Basis(String id, String by) {
            this.id = id;
            this.by = by;
        }

        /** The value written to the audit log ({@code decidedBy}). */
        public String id() {
            return id;
        }

        /** The value {@code tether exec} reports ({@code "by"}). */
        public String by() {
            return by;
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
