package dev.tether.model;

/** Why the model stopped producing output. */
public enum ModelStopReason {
    END_TURN, TOOL_USE, MAX_TOKENS, REFUSAL,
    /** Anthropic {@code pause_turn}: resend the conversation to let it continue. */
    PAUSE_TURN,
    CONTEXT_WINDOW_EXCEEDED
}
