package dev.tether.session.api;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Where one session's events go: the user's host. The host renders each event in its own
 * vocabulary; the session keeps that rendering in its transcript as given, so a restored
 * session shows exactly what was shown before.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup#loading-sessions">ACP loading sessions</a>
 */
public interface SessionOutput {

    /**
     * Shows {@code event} to the user; returns its rendering, for the transcript when it is durable,
     * or null when this host does not show such events (nothing is sent, nothing is recorded).
     */
    JsonNode send(SessionEvent event);

    /** The rendering of {@code event} without showing it (what the user typed: their editor shows it already), or null. */
    JsonNode render(SessionEvent event);

    /**
     * Shows a restored session's recorded renderings again, in order; a tool call the record
     * leaves unfinished is then shown as failed, so it does not run forever.
     */
    void replay(List<JsonNode> recorded);

    /** Whether the host shows {@link SessionEvent.Notice}s (otherwise they are dropped). */
    default boolean showsNotices() {
        return false;
    }
}
