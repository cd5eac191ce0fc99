package dev.tether.config.policy;

/** A managed policy rule Tether cannot read; the message says what is wrong with it. */
public final class InvalidRule extends Exception {
    public InvalidRule(String message) {
        super(message, null, false, false);
    }
}
