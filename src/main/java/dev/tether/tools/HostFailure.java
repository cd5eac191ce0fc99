package dev.tether.tools;

/**
 * A request to the host behind a port (the editor's terminals, its permission prompt) failed.
 * The message is the host's own reason, short enough to show the user.
 */
public final class HostFailure extends Exception {
    public HostFailure(String message) {
        super(message, null, false, false);
    }
}
