package dev.tether.session.commands;

import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.StatusPage;

/**
 * The user's {@code /status}: a one-time link to the process's status page, which a browser opens
 * on loopback. The answer is for the user alone: it is sent live, never kept in the transcript,
 * and no model request follows it, so the link's ticket reaches neither the model nor a file.
 */
final class StatusCommand {
    static final String NAME = "status";
    static final SessionEvent.Command COMMAND = new SessionEvent.Command(NAME,
            "Open a live status page of this Tether's sessions and MCP servers in your browser", null);

    private StatusCommand() {}

    /** What to tell the user: the link, or why there is none. */
    static String answer(StatusPage page) {
        if (page == null) {
            return "⚠ /status: there is no status page in this Tether (it serves the editor's sessions only).";
        }
        try {
            String link = page.link();
            return "Tether's status page: [" + link + "](" + link + ")\n\n"
                    + "The link opens the page once, in one browser; run `/status` again for another. The page shows every session of "
                    + "this Tether live and stops 30 minutes after the last viewer leaves.";
        } catch (StatusPage.Unavailable e) {
            return "⚠ /status: the status page could not start: " + e.getMessage();
        }
    }
}
