package dev.tether.tools.rules;

/** A permission rule that cannot be read; the message says why, in the user's words. */
public final class InvalidRule extends Exception {
    public InvalidRule(String message) {
        super(message, null, false, false);
    }
}
