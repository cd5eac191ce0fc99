package dev.tether.cli;

import dev.tether.http.status.StatusServer;
import dev.tether.http.status.StatusSource;
import dev.tether.security.SecretCuts;
import dev.tether.security.SecretRegistry;
import dev.tether.session.api.StatusPage;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/**
 * The process's status page behind the sessions' {@link StatusPage} port: nothing runs until the
 * first {@code /status}, which starts the server (and loads Helidon); one that stopped after its
 * idle time is started again, on a new port, by the next. Closed when the process ends.
 */
final class StatusPages implements StatusPage, AutoCloseable {
    private final Supplier<StatusSource> source;
    private final SecretRegistry secrets;
    private final String product;
    private StatusServer server;
    private boolean closed;

    /**
     * @param source  the sessions, read when the server starts
     * @param secrets masked in everything the page shows, as in the transcript
     */
    StatusPages(Supplier<StatusSource> source, SecretRegistry secrets, String product) {
        this.source = source;
        this.secrets = secrets;
        this.product = product;
    }

    @Override
    public synchronized String link() throws Unavailable {
        if (closed) {
            throw new Unavailable("Tether is shutting down");
        }
        try {
            if (server == null || !server.running()) {
                server = StatusServer.start(source.get(), SecretCuts.of(secrets), StatusServer.Options.of(product));
            }
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
}
