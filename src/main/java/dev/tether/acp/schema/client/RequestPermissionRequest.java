package dev.tether.acp.schema.client;

import dev.tether.acp.schema.PermissionOption;
import dev.tether.acp.schema.ToolCallFields;
import java.util.List;

/**
 * {@code session/request_permission}: ask the user about a tool call, offering {@code options}.
 * Tether waits for the answer with no timeout but the turn's cancellation.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
public record RequestPermissionRequest(String sessionId, ToolCallFields toolCall, List<PermissionOption> options)
        implements ClientRequest<RequestPermissionResponse> {
    public RequestPermissionRequest {
        options = List.copyOf(options);
    }

    @Override
    public String method() {
        return "session/request_permission";
    }

    @Override
    public Class<RequestPermissionResponse> answer() {
        return RequestPermissionResponse.class;
    }
}
