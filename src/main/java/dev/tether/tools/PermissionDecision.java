package dev.tether.tools;

/** What the {@link PermissionGate} decided for one tool call. */
public sealed interface PermissionDecision {

    /** Run the call. */
    record Allowed() implements PermissionDecision {}

    /** Do not run it; the model reads {@code reason} as the call's result and the step goes on. */
    record Rejected(String reason) implements PermissionDecision {}

    /** The user dismissed the request (the turn is being cancelled): end the step, run nothing more. */
    record Cancelled() implements PermissionDecision {}

    String USER_REJECTED = "The user rejected this tool call.";
}
