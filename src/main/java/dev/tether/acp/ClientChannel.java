package dev.tether.acp;

import dev.tether.base.Cancellation;
import tools.jackson.databind.JsonNode;

/**
 * The seam from a session to the editor: requests (permission, fs, terminal, elicitation)
 * and notifications ({@code session/update}). Requests wait with no timeout other than
 * {@code cancellation}; when it fires the request is withdrawn with {@code $/cancel_request}
 * and {@link dev.tether.base.CancelledException} is thrown.
 */
public interface ClientChannel {

    /**
     * Sends a request and waits for the answer.
     *
     * @throws dev.tether.jsonrpc.JsonRpcException the editor answered with an error
     */
    JsonNode request(String method, Object params, Cancellation cancellation);

    void notify(String method, Object params);
}
