package dev.tether.acp;

import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.session.api.SessionError;

/**
 * The one mapping of the session layer's domain errors to the JSON-RPC errors an ACP editor
 * receives: a missing or closed session is {@code -32002}, a busy session an invalid request,
 * a bad value invalid params and rejected model credentials {@code -32000} (authentication
 * required).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/overview">ACP overview</a>
 */
final class AcpErrors {
    private AcpErrors() {}

    static JsonRpcException toJsonRpc(SessionError error) {
        return new JsonRpcException(switch (error) {
            case SessionError.SessionNotFound e -> JsonRpcError.of(JsonRpcError.RESOURCE_NOT_FOUND, e.getMessage());
            case SessionError.SessionClosed e -> JsonRpcError.of(JsonRpcError.RESOURCE_NOT_FOUND, e.getMessage());
            case SessionError.PromptInProgress e -> JsonRpcError.of(JsonRpcError.INVALID_REQUEST, e.getMessage());
            case SessionError.InvalidParams e -> JsonRpcError.of(JsonRpcError.INVALID_PARAMS, "Invalid params: " + e.getMessage());
            case SessionError.AuthRequired e -> JsonRpcError.of(JsonRpcError.AUTH_REQUIRED, e.getMessage());
        });
    }
}
