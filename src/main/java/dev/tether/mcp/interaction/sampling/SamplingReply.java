package dev.tether.mcp.interaction.sampling;

/**
 * The outcome of a sampling request: the model's text, or a refusal (the user said no, or the
 * request could not run) with a reason the server receives as an error.
 */
public record SamplingReply(String text, String model, String stopReason, String refusal) {
    public static SamplingReply refused(String reason) {
        return new SamplingReply(null, null, null, reason);
    }

    public boolean isRefused() {
        return refusal != null;
    }
}
