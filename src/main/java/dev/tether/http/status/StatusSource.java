package dev.tether.http.status;

import java.util.List;

/**
 * What the status page reads and the one thing it may do: the seam between the page and the
 * process's sessions (the composition root joins them; a fake is a few lines).
 */
public interface StatusSource {
    /** Every live session now. Called often while a page is open: cheap, and without side effects. */
    List<StatusView.Session> sessions();

    /**
     * Starts reconnecting one server of one session and returns at once (the page shows how it
     * goes); false when there is no such session or server, or it cannot be reconnected (held back).
     */
    boolean reconnect(String sessionId, String server);
}
