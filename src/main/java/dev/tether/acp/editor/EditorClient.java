package dev.tether.acp.editor;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.acp.ToolDisplays;
import dev.tether.acp.schema.PermissionOption;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.acp.schema.client.CompleteElicitationNotification;
import dev.tether.acp.schema.client.CreateElicitationRequest;
import dev.tether.acp.schema.client.CreateElicitationResponse;
import dev.tether.acp.schema.client.RequestPermissionRequest;
import dev.tether.acp.schema.client.RequestPermissionResponse;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.session.api.EditorRequests;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ToolCallView;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
        CreateElicitationRequest params = Elicitation.URL.equals(request.mode())
                ? new CreateElicitationRequest.Url(sessionId, request.toolCallId(), request.message(), request.elicitationId(), request.url())
                : new CreateElicitationRequest.Form(sessionId, request.toolCallId(), request.message(), request.requestedSchema());
        try {
            return switch (client.request(params, cancellation)) {
                case CreateElicitationResponse.Accept accept -> new ElicitationReply("accept", accept.content());
                case CreateElicitationResponse.Decline decline -> ElicitationReply.DECLINE;
                case CreateElicitationResponse.Cancel cancel -> ElicitationReply.CANCEL;
                case CreateElicitationResponse.Unknown unknown -> ElicitationReply.CANCEL;
                case null -> ElicitationReply.CANCEL;
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
        return switch (ask(toolCallId, view, List.of(new PermissionOption("allow_once", "Continue", "allow_once"),
                new PermissionOption("reject_once", "Cancel", "reject_once")), cancellation)) {
            case RequestPermissionResponse.Outcome.Selected s -> "allow_once".equals(s.optionId());
            case RequestPermissionResponse.Outcome.Cancelled c -> false;
            case RequestPermissionResponse.Outcome.Unknown u -> false;
            case null -> false;
        };
    }

    /** "Allow for this project" or "Reject"; both are remembered, so the kinds are the {@code _always} ones. */
    @Override
    public ServerAnswer approveServer(String toolCallId, ToolCallView view, Cancellation cancellation) throws HostFailure {
        // The one-time rejection comes before the lasting one: a client that answers for the user
        // (a non-interactive policy picking the first rejection) must not store a choice the user never made.
        return switch (ask(toolCallId, view, List.of(new PermissionOption(ALLOW_PROJECT, "Allow for this project", "allow_always"),
                new PermissionOption(REJECT_ONCE, "Not now (ask again next session)", "reject_once"),
                new PermissionOption(REJECT_PROJECT, "Reject for this project", "reject_always")), cancellation)) {
            case RequestPermissionResponse.Outcome.Selected s when ALLOW_PROJECT.equals(s.optionId()) -> ServerAnswer.ALLOW_FOR_PROJECT;
            case RequestPermissionResponse.Outcome.Selected s when REJECT_ONCE.equals(s.optionId()) -> ServerAnswer.REJECT_ONCE;
            case RequestPermissionResponse.Outcome.Selected s when REJECT_PROJECT.equals(s.optionId()) -> ServerAnswer.REJECT;
            case RequestPermissionResponse.Outcome.Selected s -> ServerAnswer.DISMISSED;
            case RequestPermissionResponse.Outcome.Cancelled c -> ServerAnswer.DISMISSED;
            case RequestPermissionResponse.Outcome.Unknown u -> ServerAnswer.DISMISSED;
            case null -> ServerAnswer.DISMISSED;
        };
    }

    /** The user's outcome of a {@code session/request_permission} about {@code view}; null when the editor sent none. */
    private RequestPermissionResponse.Outcome ask(String toolCallId, ToolCallView view, List<PermissionOption> options,
                                                  Cancellation cancellation) throws HostFailure {
        ToolCallFields call = new ToolCallFields(toolCallId, view.title(), ToolDisplays.toAcp(view.kind()), ToolCallStatus.PENDING,
                ToolDisplays.toAcp(view.preview()), ToolDisplays.locations(view.locations()), null, null);
        try {
            RequestPermissionResponse answer = client.request(new RequestPermissionRequest(sessionId, call, options), cancellation);
            return answer == null ? null : answer.outcome();
        } catch (JsonRpcException e) {
            throw new HostFailure(e.getMessage());
        }
    }

    /** The option ids of a workspace server's approval. */
    static final String ALLOW_PROJECT = "allow_project";
    static final String REJECT_PROJECT = "reject_project";
    static final String REJECT_ONCE = "reject_once";

    @Override
    public void elicitationComplete(String elicitationId) {
        client.notify(new CompleteElicitationNotification(elicitationId));
    }
}
