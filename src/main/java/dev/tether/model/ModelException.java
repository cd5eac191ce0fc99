package dev.tether.model;

import java.time.Duration;

/**
 * A model request that failed. The message is readable and safe to show (no keys, no raw
 * bodies beyond a short provider message).
 */
public final class ModelException extends Exception {
    /** {@code CONFIGURATION}: a setting names no usable provider (never sent to a model; not a sign-in problem). */
    public enum Kind { AUTH, RATE_LIMITED, OVERLOADED, SERVER, BAD_REQUEST, NETWORK, PROTOCOL, SCRIPT, CONFIGURATION }

    private final Kind kind;
    private final Duration retryAfter;

    public ModelException(Kind kind, String message, Duration retryAfter) {
        super(message, null, false, false);
        this.kind = kind;
        this.retryAfter = retryAfter;
    }

    public ModelException(Kind kind, String message) {
        this(kind, message, null);
    }

    public Kind kind() {
        return kind;
    }

    /** Whether trying again later may succeed (429, 5xx, overloaded, network). */
    public boolean retryable() {
        return kind == Kind.RATE_LIMITED || kind == Kind.OVERLOADED || kind == Kind.SERVER || kind == Kind.NETWORK;
    }

    /** The server's {@code retry-after}, if it sent one. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
