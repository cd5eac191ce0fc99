package dev.tether.model;

/**
 * Receives a response as it streams. Calls come from the thread that called
 * {@link ModelProvider#stream}, in order.
 */
public interface ModelEvents {
    void onText(String delta);

    void onThinking(String delta);

    /** A tool call whose input is complete. */
    void onToolUse(Part.ToolUse toolUse);

    default void onUsage(Usage usage) {}
}
