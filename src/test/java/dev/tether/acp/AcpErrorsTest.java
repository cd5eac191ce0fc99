package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.session.api.SessionError;
import dev.tether.session.api.SessionId;
import org.junit.jupiter.api.Test;

/** Each session error reaches the editor as the JSON-RPC error ACP clients expect, message and all. */
class AcpErrorsTest {

    @Test
    void missingAndClosedSessionsAreResourceNotFound() {
        assertEquals(JsonRpcError.of(-32002, "Session not found: s1"),
                AcpErrors.toJsonRpc(new SessionError.SessionNotFound("s1", false)).error());
        assertEquals(JsonRpcError.of(-32002, "Session not found: s1 (it is stored: load or resume it first)"),
                AcpErrors.toJsonRpc(new SessionError.SessionNotFound("s1", true)).error());
        assertEquals(JsonRpcError.of(-32002, "Session s1 is closed"),
                AcpErrors.toJsonRpc(new SessionError.SessionClosed(new SessionId("s1"))).error());
    }

    @Test
    void aSecondPromptIsAnInvalidRequest() {
        assertEquals(JsonRpcError.of(-32600, "A prompt is already running in this session; cancel it first"),
                AcpErrors.toJsonRpc(new SessionError.PromptInProgress()).error());
    }

    @Test
    void badValuesAreInvalidParamsAndSayWhy() {
        assertEquals(JsonRpcError.of(-32602, "Invalid params: unknown cursor \"x\""),
                AcpErrors.toJsonRpc(new SessionError.InvalidParams("unknown cursor \"x\"")).error());
    }

    @Test
    void rejectedCredentialsAskForAuthentication() {
        assertEquals(JsonRpcError.of(-32000, "The model provider rejected the credentials: 401"),
                AcpErrors.toJsonRpc(new SessionError.AuthRequired("The model provider rejected the credentials: 401")).error());
    }
}
