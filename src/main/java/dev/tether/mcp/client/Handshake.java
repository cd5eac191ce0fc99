package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.mcp.api.McpError;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The handshake of one {@link McpClientSession}, which commits the {@link Revision} the session
 * speaks together with the server's greeting: {@code initialize} asking for one revision (the
 * server's answer must name a revision Tether speaks) and {@code notifications/initialized} commit
 * {@link Stateful2025}; an answer to the 2026-07-28 {@code server/discover} probe commits
 * {@link Stateless2026} and its envelope. Either starts the connection's reader, once.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
final class Handshake {
    private static final List<String> SUPPORTED = Stateful2025.VERSIONS;

    private final String server;
    private final JsonRpcConnection rpc;
    private final RequestSender sender;
    private final InputRounds.Answerer answerer;
    private final ListenRequests listens;
    private final AtomicBoolean started = new AtomicBoolean();
    /** The log level the server is asked for: on every 2026-07-28 request ({@code _meta}), else by {@code logging/setLevel}; null asks for none. */
    private volatile String logLevel;

    /** {@code answerer} and {@code listens} are the session's, for a stateless revision. */
    Handshake(String server, JsonRpcConnection rpc, RequestSender sender, InputRounds.Answerer answerer,
              ListenRequests listens) {
        this.server = server;
        this.rpc = rpc;
        this.sender = sender;
        this.answerer = answerer;
        this.listens = listens;
    }

    /** The log level the server is asked for; set before the greeting. */
    void logLevel(String level) {
        this.logLevel = level;
    }

    /**
     * Sends {@code initialize} asking for {@code requested} and, once answered, {@code notifications/initialized}.
     *
     * @throws IllegalArgumentException {@code requested} is not one of {@link Stateful2025#VERSIONS}
     * @throws McpError.Refused         the answer names no version, or one Tether does not speak
     */
    McpClientSession.Initialized initialize(String requested, String clientVersion, JsonNode clientCapabilities,
                                            Duration timeout, Cancellation cancellation) {
        if (!SUPPORTED.contains(requested)) {
            throw new IllegalArgumentException("initialize cannot ask for MCP " + requested);
        }
        startReading();
        ObjectNode params = Json.object();
        params.put("protocolVersion", requested);
        params.set("capabilities", clientCapabilities.deepCopy());
        ObjectNode info = params.putObject("clientInfo");
        info.put("name", "tether");
        info.put("version", clientVersion);
        JsonNode result = RequestSender.await(rpc.request("initialize", params), timeout, cancellation, "initialize",
                McpError.Timeout.Kind.CONNECT);
        McpClientSession.Initialized init = answered(result);
        rpc.notify("notifications/initialized", null);
        sender.commit(new Stateful2025(server, init, sender, logLevel));
        return init;
    }

    /** Probes with {@code server/discover} under {@code version}; an answer commits the stateless path. */
    McpClientSession.Initialized discover(String version, String clientVersion, JsonNode clientCapabilities, Duration timeout,
                                          Cancellation cancellation) {
        startReading();
        Stateless2026.Envelope envelope = new Stateless2026.Envelope(version, clientCapabilities.deepCopy(), clientVersion,
                logLevel);
        JsonNode result = RequestSender.await(rpc.request("server/discover", envelope.stamp(null)), timeout, cancellation,
                "server/discover", McpError.Timeout.Kind.CONNECT);
        McpClientSession.Initialized init = Stateless2026.discovered(version, result);
        sender.commit(new Stateless2026(server, init, envelope, sender, answerer, listens));
        return init;
    }

    /** Starts the connection's reader once: the probe and {@code initialize} may both come first. */
    private void startReading() {
        if (started.compareAndSet(false, true)) {
            rpc.start();
        }
    }

    /** The server's {@code initialize} answer: it decides the version, and any version Tether speaks is accepted. */
    private static McpClientSession.Initialized answered(JsonNode result) {
        String version = McpWire.text(result, "protocolVersion");
        if (version == null || !SUPPORTED.contains(version)) {
            throw new McpError.Refused(McpError.Refused.Ground.POLICY,
                    "server answered with MCP protocol version " + (version == null ? "(none)" : version)
                    + ", which Tether does not support (it speaks " + String.join(", ", SUPPORTED) + ")");
        }
        JsonNode serverInfo = result.path("serverInfo");
        JsonNode capabilities = result.get("capabilities");
        return new McpClientSession.Initialized(version, McpWire.text(serverInfo, "name"), McpWire.text(serverInfo, "version"),
                capabilities == null ? Json.object() : capabilities, McpWire.text(result, "instructions"));
    }
}
