package dev.tether.acp;

import dev.tether.acp.schema.PermissionOption;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.session.api.EditorRequests;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ToolCallView;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a session asks the editor for its MCP servers: {@code elicitation/create} where the
 * editor offers form or URL elicitation, a Continue/Cancel {@code session/request_permission},
 * and {@code elicitation/complete} once a URL elicitation finished.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/elicitation">ACP elicitation</a>
 */
final class EditorClient implements EditorRequests {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(EditorClient.class);
    }

    private final ClientChannel client;
    private final ClientCapabilities capabilities;
    private final String sessionId;

    /** @param client the editor behind the session's secret mask */
    EditorClient(ClientChannel client, ClientCapabilities capabilities, String sessionId) {
        this.client = client;
        this.capabilities = capabilities;
        this.sessionId = sessionId;
    }

    @Override
    public boolean canElicitForm() {
        return capabilities.elicitationForm();
    }

    @Override
    public boolean canElicitUrl() {
        return capabilities.elicitationUrl();
    }

    @Override
    public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
        boolean url = Elicitation.URL.equals(request.mode());
        ObjectNode params = Json.object();
        params.put("sessionId", sessionId);
        if (request.toolCallId() != null) {
            params.put("toolCallId", request.toolCallId());
        }
        params.put("mode", url ? "url" : "form");
        params.put("message", request.message());
        if (url) {
            params.put("elicitationId", request.elicitationId());
            params.put("url", request.url());
        } else {
            params.set("requestedSchema", request.requestedSchema());
        }
        try {
            JsonNode answer = client.request("elicitation/create", params, cancellation);
            return switch (answer.path("action").asString("cancel")) {
                case "accept" -> new ElicitationReply("accept", answer.get("content"));
                case "decline" -> ElicitationReply.DECLINE;
                default -> ElicitationReply.CANCEL;
            };
        } catch (CancelledException e) {
            return ElicitationReply.CANCEL;
        } catch (JsonRpcException e) {
            log().warn("session {}: elicitation for {} failed in the editor: {}", sessionId, request.server(), e.getMessage());
            return ElicitationReply.CANCEL;
        }
    }

    @Override
    public boolean confirm(String toolCallId, ToolCallView view, Cancellation cancellation) throws HostFailure {
        ObjectNode params = Json.object();
        params.put("sessionId", sessionId);
        params.set("toolCall", Json.tree(new ToolCallFields(toolCallId, view.title(), ToolDisplays.toAcp(view.kind()),
                ToolCallStatus.PENDING, ToolDisplays.toAcp(view.preview()), ToolDisplays.locations(view.locations()), null, null)));
        params.set("options", Json.tree(List.of(new PermissionOption("allow_once", "Continue", "allow_once"),
                new PermissionOption("reject_once", "Cancel", "reject_once"))));
        JsonNode outcome;
        try {
            outcome = client.request("session/request_permission", params, cancellation).path("outcome");
        } catch (JsonRpcException e) {
            throw new HostFailure(e.getMessage());
        }
        return "selected".equals(outcome.path("outcome").asString()) && "allow_once".equals(outcome.path("optionId").asString());
    }

    /** "Allow for this project" or "Reject"; both are remembered, so the kinds are the {@code _always} ones. */
    @Override
    public ServerAnswer approveServer(String toolCallId, ToolCallView view, Cancellation cancellation) throws HostFailure {
        ObjectNode params = Json.object();
        params.put("sessionId", sessionId);
        params.set("toolCall", Json.tree(new ToolCallFields(toolCallId, view.title(), ToolDisplays.toAcp(view.kind()),
                ToolCallStatus.PENDING, ToolDisplays.toAcp(view.preview()), ToolDisplays.locations(view.locations()), null, null)));
        params.set("options", Json.tree(List.of(new PermissionOption(ALLOW_PROJECT, "Allow for this project", "allow_always"),
                new PermissionOption(REJECT_PROJECT, "Reject", "reject_always"))));
        JsonNode outcome;
        try {
            outcome = client.request("session/request_permission", params, cancellation).path("outcome");
        } catch (JsonRpcException e) {
            throw new HostFailure(e.getMessage());
        }
        if (!"selected".equals(outcome.path("outcome").asString())) {
            return ServerAnswer.DISMISSED;
        }
        return switch (outcome.path("optionId").asString("")) {
            case ALLOW_PROJECT -> ServerAnswer.ALLOW_FOR_PROJECT;
            case REJECT_PROJECT -> ServerAnswer.REJECT;
            default -> ServerAnswer.DISMISSED;
        };
    }

    /** The option ids of a workspace server's approval. */
    static final String ALLOW_PROJECT = "allow_project";
    static final String REJECT_PROJECT = "reject_project";

    @Override
    public void elicitationComplete(String elicitationId) {
        client.notify("elicitation/complete", Json.object().put("elicitationId", elicitationId));
    }
}
