package dev.tether.agent;

/**
 * When a turn compacts its conversation: before a model request whose estimated context reaches
 * {@code compactAt} of the model's window of {@code windowTokens}.
 *
 * @param windowTokens the model's context window in tokens (the provider's figure, or the user's
 *                     {@code context.windowTokens})
 * @param compactAt    the share of the window, above 0 and at most 1, at which to compact
 */
public record ContextPolicy(long windowTokens, double compactAt) {
    /** Named default of {@code context.compactAt}: compact at 85% of the window. */
    public static final double DEFAULT_COMPACT_AT = 0.85;

    public ContextPolicy {
        if (windowTokens <= 0 || !(compactAt > 0 && compactAt <= 1)) {
            throw new IllegalArgumentException("a context policy needs a positive window and 0 < compactAt <= 1");
        }
    }

    /** The estimated context, in tokens, from which a request is compacted first. */
    public long threshold() {
        return (long) Math.floor(windowTokens * compactAt);
    }
}
