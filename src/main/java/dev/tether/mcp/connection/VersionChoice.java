package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.client.Stateful2025;
import dev.tether.mcp.client.Stateless2026;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Which MCP revision one server speaks, chosen per server and remembered across reconnects of the
 * same connection: the stateless 2026-07-28 revision ({@code server/discover}, then an envelope on
 * every request) or the {@code initialize} handshake of 2025-11-25 and earlier.
 *
 * <p>The probe is {@code server/discover}. An answer, or a {@code -32022} error listing versions
 * (retried once with a version both sides speak, never a fall back), means 2026-07-28. Any other
 * error answer means an older server (no single code is relied upon). A timeout means an older
 * server over stdio but an outage over HTTP, where recovery takes over. A stdio server that exits
 * on the unknown request (older Python SDK servers crash on any request before {@code initialize})
 * is started again once, for {@code initialize} — unless it crashed by itself, an error on its
 * stderr that says nothing of the handshake: that one is reported at once, and the next attempt
 * goes straight to {@code initialize} (see {@code McpConnection}). A pinned
 * {@code protocolVersion} skips the probe (a pinned older revision is the one {@code initialize}
 * asks for). A remembered choice is dropped when a later connect is refused by the server (an
 * error answer), so the next one probes again.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle">MCP 2026-07-28 lifecycle</a>
 */
final class VersionChoice {
    private static final Logger LOG = LoggerFactory.getLogger(VersionChoice.class);
    /**
     * How long a stdio server may take to answer {@code server/discover} before it counts as an
     * older server that ignores unknown requests (capped by the connect timeout). Servers on the
     * SDKs answer at once, -32601 or a result; a silent one would otherwise cost a whole connect
     * timeout before {@code initialize}.
     */
    static final Duration STDIO_PROBE_TIMEOUT = Duration.ofSeconds(10);

    /** How the server is reached, which decides how the probe's silence reads. */
    enum Reach {
        /** A local process: silence is an older server. */
        STDIO,
        /** Streamable HTTP: silence is an outage. */
        HTTP,
        /** Legacy HTTP+SSE and WebSocket, which the 2026-07-28 revision does not define: never probed. */
        OTHER
    }

    /** What the connection learnt about the server. */
    enum Era { UNKNOWN, STATELESS, INITIALIZE }

    /** The stdio server exited on the probe; start it again for {@code initialize}. */
    static final class ExitedOnProbe extends RuntimeException {
        ExitedOnProbe() {
            super("the server exited on server/discover", null, false, false);
        }
    }

    /** How to run {@code initialize} on a session; the old path. */
    interface Initialize {
        McpClientSession.Initialized run(McpClientSession client);
    }

    private final String server;
    private final String pinned;
    private final boolean http;
    private final Reach reach;
    private volatile Era remembered;

    /** @param pinned the configured {@code protocolVersion}, or null to probe */
    VersionChoice(String server, String pinned, Reach reach) {
        this.server = server;
        this.pinned = pinned;
        this.reach = reach;
        this.http = reach == Reach.HTTP;
        this.remembered = reach == Reach.OTHER ? Era.INITIALIZE : Era.UNKNOWN;
    }

    /** Greets the server on {@code client} by the chosen or probed revision. */
    McpClientSession.Initialized greet(McpClientSession client, String clientVersion, JsonNode capabilities,
                                       Duration timeout, Cancellation cancellation, Initialize initialize) {
        if (pinned != null) {
            return Stateless2026.VERSIONS.contains(pinned)
                    ? client.discover(pinned, clientVersion, capabilities, timeout, cancellation)
                    : initialize.run(client);
        }
        if (remembered == Era.INITIALIZE) {
            return initialize.run(client);
        }
        try {
            McpClientSession.Initialized init = probe(client, clientVersion, capabilities, timeout, cancellation);
            if (init != null) {
                remembered = Era.STATELESS;
                return init;
            }
        } catch (ExitedOnProbe e) {
            remembered = Era.INITIALIZE;
            throw e;
        }
        remembered = Era.INITIALIZE;
        return initialize.run(client);
    }

    /**
     * The version {@code initialize} asks for: the pinned one when it is an {@code initialize}
     * revision (so a server pinned to 2025-06-18 really speaks 2025-06-18), else the newest.
     */
    String initializeVersion() {
        return pinned != null && Stateful2025.VERSIONS.contains(pinned) ? pinned : Stateful2025.VERSION;
    }

    /** The server refused a connect after the choice: it may have changed, so the next connect probes again. */
    void forget() {
        if (pinned == null && reach != Reach.OTHER) {
            remembered = Era.UNKNOWN;
        }
    }

    /** Era the next connect will use without probing (for tests and the log). */
    Era remembered() {
        return remembered;
    }

    /** The stateless greeting, or null when the server is an older one. */
    private McpClientSession.Initialized probe(McpClientSession client, String clientVersion, JsonNode capabilities,
                                               Duration timeout, Cancellation cancellation) {
        String version = Stateless2026.VERSION;
        for (int attempt = 1; ; attempt++) {
            Duration wait = http || timeout.compareTo(STDIO_PROBE_TIMEOUT) < 0 ? timeout : STDIO_PROBE_TIMEOUT;
            try {
                return client.discover(version, clientVersion, capabilities, wait, cancellation);
            } catch (McpError.Malformed e) {
                // An older server that answers any method with an empty result is not a 2026 server.
                if (client.isClosed()) {
                    return exited(e);
                }
                LOG.info("mcp {}: server/discover answered with no discovery result; using initialize", server);
                return null;
            } catch (McpError.ErrorAnswer e) {
                if (e.code() == McpError.ErrorAnswer.SIGN_IN_REQUIRED) {
                    throw e;
                }
                if (e.code() == Stateless2026.UNSUPPORTED_VERSION) {
                    version = common(e.data(), attempt);
                    continue;
                }
                if (e.code() == Stateless2026.HEADER_MISMATCH || e.code() == Stateless2026.MISSING_CAPABILITY) {
                    throw e;
                }
                if (client.isClosed()) {
                    return exited(e);
                }
                LOG.info("mcp {}: server/discover answered code {}; using initialize", server, e.code());
                return null;
            } catch (McpError.Timeout e) {
                if (http) {
                    throw e;
                }
                LOG.info("mcp {}: server/discover went unanswered; using initialize", server);
                return null;
            } catch (McpError e) {
                if (client.isClosed()) {
                    return exited(e);
                }
                throw e;
            }
        }
    }

    /** @param e how the probe failed: for HTTP, the transport's words for why the connection ended (refused, unknown host, …) */
    private McpClientSession.Initialized exited(McpError e) {
        if (http) {
            throw new McpError.Unreachable(e.getMessage() == null || e.getMessage().isBlank()
                    ? "the server closed the connection on server/discover" : e.getMessage());
        }
        LOG.info("mcp {}: the server exited on server/discover", server);
        throw new ExitedOnProbe();
    }

    /** A version of a {@code -32022} answer's list that Tether speaks; refuses when there is none or a retry already failed. */
    private static String common(JsonNode data, int attempt) {
        List<String> supported = Stateless2026.supported(data);
        String shared = supported.stream().filter(Stateless2026.VERSIONS::contains).findFirst().orElse(null);
        if (shared == null || attempt > 1) {
            throw new McpError.Refused(McpError.Refused.Ground.POLICY, "the server speaks MCP "
                    + (supported.isEmpty() ? "versions it did not name" : String.join(", ", supported))
                    + ", and Tether speaks " + String.join(", ", Stateless2026.VERSIONS) + " there (no common version)");
        }
        return shared;
    }
}
