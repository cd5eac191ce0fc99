package dev.tether.session;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a session tells the user about its MCP servers, and how. Hosts that show notices get a
 * {@link SessionEvent.Notice} as it happens: a configuration warning, a server that failed, a
 * server that needs the user to sign in. Notices raised before the session's setup was answered
 * are held until then (the editor does not know the session id before). Every other host — and,
 * for configuration warnings, these hosts as well — reads the same as an agent message at the
 * next model request, recorded in the transcript.
 *
 * @see <a href="https://agentclientprotocol.com/rfds/session-notices">ACP session notices</a>
 */
final class SessionNotices {
    private final boolean live;
    private final Consumer<SessionEvent> send;
    private final List<String> forConversation = new ArrayList<>();
    private final List<SessionEvent.Notice> held = new ArrayList<>();
    private boolean open;

    /**
     * @param live whether the host shows notices
     * @param send sends a live event (not recorded)
     */
    SessionNotices(boolean live, Consumer<SessionEvent> send) {
        this.live = live;
        this.send = send;
    }

    void configWarning(String warning) {
        synchronized (this) {
            forConversation.add("MCP configuration: " + warning);
        }
        notice(SessionEvent.Notice.WARNING, "MCP configuration problem", warning);
    }

    void serverFailed(String server, String reason) {
        if (live) {
            notice(SessionEvent.Notice.ERROR, "MCP server \"" + server + "\" is not available", reason);
        } else {
            conversation("MCP server `" + server + "` is not available: " + reason);
        }
    }

    void serverNeedsSignIn(String server, String reason) {
        if (live) {
            notice(SessionEvent.Notice.WARNING, "MCP server \"" + server + "\" needs you to sign in",
                    sentence(reason) + " Run /mcp reconnect " + server + " to sign in.");
        } else {
            conversation("MCP server `" + server + "` is not available: " + reason);
        }
    }

    private static String sentence(String reason) {
        String text = reason == null ? "" : reason.strip();
        return text.isEmpty() || text.endsWith(".") ? text : text + ".";
    }

    /** Something about a server's configuration the user should fix (it still starts). */
    void serverWarning(String server, String message) {
        conversation("MCP server `" + server + "`: " + message);
    }

    /** The session's setup was answered: held notices go out now, later ones at once. */
    void open() {
        List<SessionEvent.Notice> pending;
        synchronized (this) {
            open = true;
            pending = List.copyOf(held);
            held.clear();
        }
        pending.forEach(send);
    }

    /** The messages for the conversation since the last call, oldest first. */
    synchronized List<String> drainForConversation() {
        List<String> pending = List.copyOf(forConversation);
        forConversation.clear();
        return pending;
    }

    private synchronized void conversation(String text) {
        forConversation.add(text);
    }

    private void notice(String severity, String title, String description) {
        if (!live) {
            return;
        }
        SessionEvent.Notice notice = new SessionEvent.Notice(severity, title, description);
        synchronized (this) {
            if (!open) {
                held.add(notice);
                return;
            }
        }
        send.accept(notice);
    }
}
