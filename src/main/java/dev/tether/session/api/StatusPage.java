package dev.tether.session.api;

/**
 * The process's status page, which the user opens with {@code /status}: a page on loopback, in
 * their browser, showing every session of this Tether process live. The composition root starts
 * it on first use; a session only asks for links.
 */
public interface StatusPage {
    /**
     * A new one-time link to the page (the server starts now if it is not running). The link is
     * for the user alone: it never enters the conversation or the transcript.
     *
     * @throws Unavailable the page could not be started; the message says why, for the user
     */
    String link() throws Unavailable;

    /** The status page could not be opened; the message is for the user. */
    final class Unavailable extends Exception {
        public Unavailable(String message) {
            super(message, null, false, false);
        }
    }
}
