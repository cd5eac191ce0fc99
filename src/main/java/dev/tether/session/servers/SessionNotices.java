package dev.tether.session.servers;

import dev.tether.session.api.EventSink;
import dev.tether.session.api.SessionEvent;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a session tells the user about its MCP servers, and how. Hosts that show notices get a
 * {@link SessionEvent.Notice} as it happens: a configuration warning, a server that failed, a
 * server that needs the user to sign in. Notices raised before the session's setup was answered
 * are held until then (the editor does not know the session id before). Every other host — and,
 * for configuration warnings, these hosts as well — reads the same as an agent message at the
 * next model request, recorded in the transcript. It is the session's listener of its MCP launch;
 * failures are logged as well.
 *
 * @see <a href="https://agentclientprotocol.com/rfds/session-notices">ACP session notices</a>
 */
public final class SessionNotices implements McpLauncher.Listener {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionNotices.class);
    }

    private final String session;
    private final boolean live;
    private final EventSink events;
    /** Messages for the conversation, each shown at the next model request if it still holds then. */
    private final List<ForConversation> forConversation = new ArrayList<>();
    private final List<SessionEvent.Notice> held = new ArrayList<>();
    private final Deque<Told> told = new ArrayDeque<>();
    private boolean open;

    private static final BooleanSupplier ALWAYS = () -> true;

    /** Notices kept for {@link #recent()}. */
    static final int RECENT = 20;

    /** Something the session told the user, for the status page: when, how grave ({@link SessionEvent.Notice}'s words), what. */
    public record Told(Instant at, String severity, String text) {}

    /**
     * @param session the session's id, for the log
     * @param live    whether the host shows notices
     * @param events  notices go out live; the messages for the conversation are kept
     */
    public SessionNotices(String session, boolean live, EventSink events) {
        this.session = session;
        this.live = live;
        this.events = events;
    }

    public void configWarning(String warning) {
        remember(SessionEvent.Notice.WARNING, "Configuration: " + warning);
        synchronized (this) {
            forConversation.add(new ForConversation("Configuration: " + warning, ALWAYS));
        }
        notice(SessionEvent.Notice.WARNING, "Configuration problem", warning);
    }

    /** A command or skill file that is not offered, and why (the user fixes the file). */
    public void fileWarning(String warning) {
        log().warn("session {}: {}", session, warning);
        synchronized (this) {
            forConversation.add(new ForConversation(warning, ALWAYS));
        }
        remember(SessionEvent.Notice.WARNING, warning);
        notice(SessionEvent.Notice.WARNING, "Command or skill file not offered", warning);
    }

    @Override
    public void serverFailed(String server, String reason) {
        log().warn("session {}: MCP server {} failed: {}", session, server, reason);
        remember(SessionEvent.Notice.ERROR, "MCP server \"" + server + "\" is not available: " + reason);
        if (live) {
            notice(SessionEvent.Notice.ERROR, "MCP server \"" + server + "\" is not available", reason);
        } else {
            conversation("MCP server `" + server + "` is not available: " + reason);
        }
    }

    @Override
    public void serverNeedsSignIn(String server, String reason) {
        log().warn("session {}: MCP server {} needs sign-in: {}", session, server, reason);
        remember(SessionEvent.Notice.WARNING, "MCP server \"" + server + "\" needs you to sign in: " + reason);
        if (live) {
            notice(SessionEvent.Notice.WARNING, "MCP server \"" + server + "\" needs you to sign in",
                    sentence(reason) + " Run /mcp reconnect " + server + " to sign in.");
        } else {
            conversation("MCP server `" + server + "` is not available: " + reason);
        }
    }

    @Override
    public void serverNeedsRoots(String server, String said) {
        log().warn("session {}: MCP server {} needs roots it is not given: {}", session, server, said);
        if (live) {
            notice(SessionEvent.Notice.WARNING, "MCP server \"" + server + "\" needs roots", RootsHint.text(server, said));
        } else {
            conversation(RootsHint.text(server, said));
        }
    }

    private static String sentence(String reason) {
        String text = reason == null ? "" : reason.strip();
        return text.isEmpty() || text.endsWith(".") ? text : text + ".";
    }

    /** Something about a server's configuration the user should fix (it still starts). */
    @Override
    public void warn(String server, String message) {
        remember(SessionEvent.Notice.WARNING, "MCP server \"" + server + "\": " + message);
        conversation("MCP server `" + server + "`: " + message);
    }

    @Override
    public void toolsChanged() {
        // The next model request re-reads the projection at the catalog barrier.
    }

    /** Something about the session's setup the user should fix or answer (a permission rule that cannot be read). */
    public void setupWarning(String title, String warning) {
        setupWarning(title, warning, ALWAYS);
    }

    /**
     * A setup warning that may stop being true before the first model request (project rules the
     * user is asked about at the first prompt): the conversation gets it only if {@code stillHolds}
     * then; a notice, where the host shows them, goes out when the session is answered.
     */
    public void setupWarning(String title, String warning, BooleanSupplier stillHolds) {
        synchronized (this) {
            forConversation.add(new ForConversation(title + ": " + warning, stillHolds));
        }
        remember(SessionEvent.Notice.WARNING, title + ": " + warning);
        notice(SessionEvent.Notice.WARNING, title, warning);
    }

    /** Something the user should know about the session (which instruction files it loaded), where the host shows notices. */
    public void info(String title, String text) {
        remember(SessionEvent.Notice.INFO, title + ": " + text);
        notice(SessionEvent.Notice.INFO, title, text);
    }

    /** What the session told the user about its servers and configuration, newest first (a bounded number). */
    public synchronized List<Told> recent() {
        return List.copyOf(told);
    }

    private synchronized void remember(String severity, String text) {
        told.addFirst(new Told(Instant.now(), severity, text));
        if (told.size() > RECENT) {
            told.removeLast();
        }
    }

    /** The session's setup was answered: held notices go out now, later ones at once. */
    public void open() {
        List<SessionEvent.Notice> pending;
        synchronized (this) {
            open = true;
            pending = List.copyOf(held);
            held.clear();
        }
        pending.forEach(events::send);
    }

    /** Shows the messages for the conversation held since the last call, oldest first (at a model request). */
    public void flush() {
        List<ForConversation> pending;
        synchronized (this) {
            pending = List.copyOf(forConversation);
            forConversation.clear();
        }
        for (ForConversation notice : pending) {
            if (notice.stillHolds().getAsBoolean()) {
                events.sendDurable(new SessionEvent.AgentMessage(null, "⚠ " + notice.text() + "\n\n"));
            }
        }
    }

    private synchronized void conversation(String text) {
        forConversation.add(new ForConversation(text, ALWAYS));
    }

    private record ForConversation(String text, BooleanSupplier stillHolds) {}

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
        events.send(notice);
    }
}
