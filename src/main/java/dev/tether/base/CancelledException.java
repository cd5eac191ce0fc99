package dev.tether.base;

/** Thrown by blocking work that stopped because its {@link Cancellation} fired. */
public final class CancelledException extends RuntimeException {
    public CancelledException() {
        super("cancelled", null, false, false);
    }
}
