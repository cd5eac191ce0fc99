package dev.tether.model;

/** Token counts of one model response. */
public record Usage(long inputTokens, long outputTokens, long cacheReadTokens, long cacheWriteTokens) {
    public static final Usage ZERO = new Usage(0, 0, 0, 0);

    /** The counts of this response and {@code other} together (a turn's several model requests). */
    public Usage plus(Usage other) {
        return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                cacheReadTokens + other.cacheReadTokens, cacheWriteTokens + other.cacheWriteTokens);
    }

    /** Tokens of context this response occupied (input of every kind plus output). */
    public long contextTokens() {
        return inputTokens + cacheReadTokens + cacheWriteTokens + outputTokens;
    }
}
