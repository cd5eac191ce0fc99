package dev.tether.acp;

import dev.tether.acp.schema.client.ClientNotification;
import dev.tether.acp.schema.client.ClientRequest;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The seam from a session to the editor: requests (permission, fs, terminal, elicitation)
 * and notifications ({@code session/update}). Requests wait with no timeout other than
 * {@code cancellation}; when it fires the request is withdrawn with {@code $/cancel_request}
 * and {@link dev.tether.base.CancelledException} is thrown. Implementations see method and params
 * only ({@code params} is a record of {@code acp.schema.client} or a tree), so a decorator sees
 * every message whichever way it was sent.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/overview#client">ACP client methods</a>
 */
public interface ClientChannel {

    /**
     * Sends a request and waits for the answer.
     *
     * @throws dev.tether.jsonrpc.JsonRpcException the editor answered with an error
     */
    JsonNode request(String method, Object params, Cancellation cancellation);

    void notify(String method, Object params);

    /**
     * Sends {@code request} and reads its answer as the record it names. The answer is null when
     * the editor's result is null, or does not fit that record (a field of the wrong type): each
     * caller treats that as an answer that says nothing, as it treats missing fields.
     *
     * @throws dev.tether.jsonrpc.JsonRpcException the editor answered with an error
     */
    default <A> A request(ClientRequest<A> request, Cancellation cancellation) {
        JsonNode answer = request(request.method(), request, cancellation);
        if (answer == null) {
            return null;
        }
        try {
            return Json.strictStrings().treeToValue(answer, request.answer());
        } catch (JacksonException e) {
            return null;
        }
    }

    default void notify(ClientNotification notification) {
        notify(notification.method(), notification.params());
    }
}
