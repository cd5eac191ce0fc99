package dev.tether.cli;

import dev.tether.http.status.StatusServer;
import dev.tether.security.SecretCuts;
import dev.tether.security.SecretRegistry;
import dev.tether.session.LiveSessions;
import dev.tether.session.SessionManager;
import dev.tether.session.api.StatusPage;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/**
 * The process's status page behind the sessions' {@link StatusPage} port: nothing runs until the
 * first {@code /status}, which starts the server (and loads Helidon); one that stopped after its
 * idle time is started again, on a new port, by the next. Closed when the process ends.
 */
final class StatusPages implements StatusPage, AutoCloseable {
    private final Supplier<SessionManager> sessions;
    private final SecretRegistry secrets;
    private final String product;
    private StatusServer server;
    private boolean closed;

    /**
     * @param sessions the process's sessions, read when the server starts
     * @param secrets  masked in everything the page shows, as in the transcript
     */
    StatusPages(Supplier<SessionManager> sessions, SecretRegistry secrets, String product) {
        this.sessions = sessions;
        this.secrets = secrets;
        this.product = product;
    }

    @Override
    public synchronized String link() throws Unavailable {
        if (closed) {
            throw new Unavailable("Tether is shutting down");
        }
        try {
            if (server != null && server.running()) {
                try {
                    return server.link().toString();
                } catch (IllegalStateException stopped) {
                    // It reached its idle time just now: a new one starts below.
                }
            }
            server = Start.server(sessions.get(), secrets, product);
            return server.link().toString();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(StatusPages.class).warn("the status page could not start", e);
            throw new Unavailable("no local port could be opened for it (" + e.getMessage() + ")");
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (server != null) {
            server.close();
        }
    }

    /**
     * The start, in a class of its own: the JVM loads (and verifies) it, and with it the page's
     * classes, on the first {@code /status}, not when {@link StatusPages} is made at start-up.
     */
    private static final class Start {
        static StatusServer server(SessionManager sessions, SecretRegistry secrets, String product) {
            return StatusServer.start(new LiveSessions(sessions), SecretCuts.of(secrets), StatusServer.Options.of(product));
        }
    }
}
