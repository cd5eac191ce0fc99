package dev.tether.model;

/**
 * What the session needs to know about the model in use.
 *
 * @param contextWindow tokens of context the model holds, for {@code usage_update}
 */
public record ModelInfo(String provider, String model, boolean acceptsImages, boolean supportsThinking, long contextWindow) {}
