package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The handshake of one {@link McpClientSession} and what it established: {@code initialize}
 * asking for one revision (the server's answer must name a revision Tether speaks) and
 * {@code notifications/initialized}, or the 2026-07-28 {@code server/discover} probe, whose answer
 * commits the {@link RequestSender} to the stateless envelope. Either starts the connection's
 * reader, once. The capabilities the server declared decide which methods may be sent.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
final class Handshake {
    private static final List<String> SUPPORTED = McpClientSession.SUPPORTED_VERSIONS;

    private final String server;
    private final JsonRpcConnection rpc;
    private final RequestSender sender;
    private final AtomicBoolean started = new AtomicBoolean();
    /** The log level stamped on every 2026-07-28 request ({@code _meta}); null stamps none. */
    private volatile String logLevel;
    private volatile McpClientSession.Initialized initialized;

    Handshake(String server, JsonRpcConnection rpc, RequestSender sender) {
        this.server = server;
        this.rpc = rpc;
        this.sender = sender;
    }

    /** What the server said about itself; null before a handshake succeeded. */
    McpClientSession.Initialized initialized() {
        return initialized;
    }

    /** Whether the server declared {@code capability} (e.g. {@code tools}) in its greeting. */
    boolean declares(String capability) {
        McpClientSession.Initialized init = initialized;
        JsonNode value = init == null ? null : init.capabilities().get(capability);
        return value != null && value.isObject();
    }

    /**
     * Fails readably when the server did not declare what {@code method} needs.
     *
     * @throws McpError.NotReady no handshake has succeeded yet
     * @throws McpError.Refused  the server did not declare {@code capability}
     */
    void require(String capability, String method) {
        if (initialized == null) {
            throw new McpError.NotReady(server, ServerStatus.State.CONNECTING, null,
                    method + " cannot be sent before initialize");
        }
        if (!declares(capability)) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                    "server \"" + server + "\" did not declare the " + capability
                    + " capability, so " + method + " is not available");
        }
    }

    /** The log level a 2026-07-28 server is asked for on every request; set before {@link #discover}. */
    void logLevel(String level) {
        this.logLevel = level;
    }

    /**
     * Sends {@code initialize} asking for {@code requested} and, once answered, {@code notifications/initialized}.
     *
     * @throws IllegalArgumentException {@code requested} is not one of {@link McpClientSession#SUPPORTED_VERSIONS}
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
        this.initialized = init;
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
        sender.commit(envelope);
        this.initialized = init;
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
