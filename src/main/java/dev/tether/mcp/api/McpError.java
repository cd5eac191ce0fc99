package dev.tether.mcp.api;

import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * An MCP operation failed. The variants say how, so that retry and mapping decide with an
 * exhaustive {@code switch}: the server was not ready, time ran out, the server answered with an
 * error, the transport of the call died, Tether refused before sending, a newer connection
 * superseded the work, the server's answer was unusable, or the server could not be reached at
 * all. The message is short and readable and may quote server text: callers redact it before it
 * is shown.
 *
 * <p>Unchecked because MCP operations run inside functional seams ({@code Supplier} scopes around
 * a tool call, catalog page fetchers, lock helpers) that cannot declare checked exceptions, and
 * each failure is meant to travel to the one place per boundary that maps it. No stack trace is
 * captured: these are expected outcomes, never shown as traces.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic">MCP base protocol</a>
 */
public abstract sealed class McpError extends RuntimeException {

    private McpError(String message) {
        super(message, null, false, false);
    }

    /** The server is not ready for requests: it is connecting, recovering, failed or disconnected. */
    public static final class NotReady extends McpError {
        private final String server;
        private final ServerStatus.State state;
        private final String reason;

        /** @param reason why it is in {@code state} (redacted), or null */
        public NotReady(String server, ServerStatus.State state, String reason) {
            this(server, state, reason, "server \"" + server + "\" is " + state.name().toLowerCase(Locale.ROOT)
                    + (reason == null ? "" : ": " + reason));
        }

        /** With a message of its own, for a request made before the session could take it. */
        public NotReady(String server, ServerStatus.State state, String reason, String message) {
            super(message);
            this.server = server;
            this.state = state;
            this.reason = reason;
        }

        public String server() {
            return server;
        }

        public ServerStatus.State state() {
            return state;
        }

        /** Why the server is in {@link #state()} (redacted), or null. */
        public String reason() {
            return reason;
        }
    }

    /** Time ran out; the request was withdrawn with {@code notifications/cancelled} where one was sent. */
    public static final class Timeout extends McpError {
        /** Which limit ran out. */
        public enum Kind {
            /** The {@code initialize} handshake. */
            CONNECT,
            /** One page of a list method ({@code tools/list}, {@code resources/list}, …). */
            LIST,
            /** One {@code resources/read}. */
            READ,
            /** One {@code prompts/get}. */
            PROMPT,
            /** One {@code completion/complete}. */
            COMPLETION,
            /** Any other single request (a subscription, the log level). */
            REQUEST,
            /** A tool call sent no progress for its idle limit. */
            CALL_IDLE,
            /** A tool call ran past its total limit. */
            CALL_TOTAL
        }

        private final Kind kind;

        public Timeout(Kind kind, String message) {
            super(message);
            this.kind = kind;
        }

        public Kind kind() {
            return kind;
        }
    }

    /**
     * The request was answered with a JSON-RPC error. This includes the failure the JSON-RPC
     * layer reports for a request whose connection closed (an internal error): only the call
     * path, which knows the transport, tells the two apart (see {@link TransportLost}).
     */
    public static final class ErrorAnswer extends McpError {
        /**
         * Tether's own code for a request its HTTP transport failed because the server refused the
         * credential and would not refresh it: the user must sign in again. Never sent to a server.
         */
        public static final int SIGN_IN_REQUIRED = -32050;

        private final int code;
        private final JsonNode data;

        public ErrorAnswer(int code, JsonNode data, String message) {
            super(message);
            this.code = code;
            this.data = data;
        }

        /** The JSON-RPC error code. */
        public int code() {
            return code;
        }

        /** The error's {@code data}, or null. Untrusted and unsanitised: sanitise before use. */
        public JsonNode data() {
            return data;
        }
    }

    /**
     * A tool call's transport ended under it (not an answer, not a timeout). Such a call may be
     * sent once more once a generation newer than {@link #generation()} is ready.
     */
    public static final class TransportLost extends McpError {
        private final int generation;
        private final boolean sessionExpired;

        public TransportLost(int generation, String message) {
            this(generation, message, false);
        }

        /** @param sessionExpired the server refused the call itself for an unknown session (HTTP 404, -32001): it never ran it */
        public TransportLost(int generation, String message, boolean sessionExpired) {
            super(message);
            this.generation = generation;
            this.sessionExpired = sessionExpired;
        }

        /** Whether the server said it no longer knows the session in answer to this very call. */
        public boolean sessionExpired() {
            return sessionExpired;
        }

        /** The connection generation whose transport ended. */
        public int generation() {
            return generation;
        }
    }

    /** Tether refused the operation before sending anything (or before going on with it). */
    public static final class Refused extends McpError {
        /** On what grounds. */
        public enum Ground {
            /** A size, count, validity or retry bound on what the server sent or asked. */
            BOUND,
            /** Tether's own rules: supported versions and transports, allowed names and URLs, declared items. */
            POLICY,
            /** The server, or the capability, prompt or template named, does not exist or is not offered. */
            NOT_OFFERED,
            /** The user said no. */
            DECLINED
        }

        private final Ground ground;

        public Refused(Ground ground, String message) {
            super(message);
            this.ground = ground;
        }

        public Ground ground() {
            return ground;
        }
    }

    /**
     * The connection the operation ran on was replaced or closed meanwhile (a reconnect, a
     * recovery, a disconnect or close); what it produced was dropped.
     */
    public static final class Superseded extends McpError {
        public Superseded(String message) {
            super(message);
        }
    }

    /** The server's answer broke the protocol: a field is missing or of the wrong type. */
    public static final class Malformed extends McpError {
        public Malformed(String message) {
            super(message);
        }
    }

    /** The server could not be started or reached, or a request ended with no answer at all. */
    public static final class Unreachable extends McpError {
        public Unreachable(String message) {
            super(message);
        }
    }
}
