package dev.tether.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * The transport seam under a {@link JsonRpcConnection}: moves whole JSON messages. Line
 * framing over streams is one implementation; an MCP HTTP transport is another.
 */
public interface MessageChannel {

    /** Starts delivering inbound messages to {@code listener}. Called once. */
    void start(Listener listener);

    /**
     * Sends one message without waiting for the peer to take it: implementations queue it (or hand
     * it to a thread of their own) and keep the order of concurrent calls. Throws
     * {@link java.io.UncheckedIOException} when the channel is closed or broken; a write that fails
     * later ends the channel, so {@link Listener#onClosed} reports it and pending requests fail.
     */
    void send(JsonNode message);

    /** Closes the channel; {@link Listener#onClosed} follows. Idempotent. */
    void close();

    /** Receives what the channel reads. Calls come from one reader thread, in order. */
    interface Listener {
        void onMessage(JsonNode message);

        /** A frame that is not JSON, or is too large; {@code reason} is short and readable. */
        void onMalformed(String reason);

        /**
         * A frame that is JSON but not a message to act on (an object repeats a key); {@code frame}
         * is what could be read of it, for its id. By default handled as malformed.
         */
        default void onInvalid(JsonNode frame, String reason) {
            onMalformed(reason);
        }

        /** The channel ended (EOF, crash or close); {@code cause} is null for a clean end. */
        void onClosed(Throwable cause);
    }
}
