package dev.tether.http;

/** The redirect never came: the wait timed out or the listener was closed. The message is for the user. */
public final class RedirectException extends Exception {
    public RedirectException(String message) {
        super(message, null, false, false);
    }
}
