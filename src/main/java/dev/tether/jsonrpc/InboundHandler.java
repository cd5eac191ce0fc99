package dev.tether.jsonrpc;

import tools.jackson.databind.JsonNode;

/** What a connection does with what the peer sends. */
public interface InboundHandler {

    /**
     * Answers a request. Runs on its own virtual thread and may block. Throw
     * {@link JsonRpcException} to answer with an error; any other exception becomes a generic
     * internal error whose text is not shown to the peer.
     */
    JsonNode onRequest(InboundRequest request);

    /** Handles a notification. Runs on the reader thread, in order: must not block. */
    void onNotification(Message.Notification notification);
}
