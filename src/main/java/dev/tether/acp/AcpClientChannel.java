package dev.tether.acp;

import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcConnection;
import tools.jackson.databind.JsonNode;

/** {@link ClientChannel} over the ACP connection: outgoing requests wait for the user without a timeout. */
public final class AcpClientChannel implements ClientChannel {
    private final JsonRpcConnection connection;

    public AcpClientChannel(JsonRpcConnection connection) {
        this.connection = connection;
    }

    @Override
    public JsonNode request(String method, Object params, Cancellation cancellation) {
        cancellation.throwIfCancelled();
        return connection.request(method, params).await(cancellation);
    }

    @Override
    public void notify(String method, Object params) {
        connection.notify(method, params);
    }
}
