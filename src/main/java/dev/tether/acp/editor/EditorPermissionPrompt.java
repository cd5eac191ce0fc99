package dev.tether.acp.editor;

import dev.tether.acp.ClientChannel;
import dev.tether.acp.ToolDisplays;
import dev.tether.acp.schema.PermissionOption;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.acp.schema.client.RequestPermissionRequest;
import dev.tether.acp.schema.client.RequestPermissionResponse;
import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.permission.PermissionChoice;
import dev.tether.tools.permission.PermissionPrompt;
import java.util.List;

/**
 * Asks through the editor's {@code session/request_permission}. An option id the editor sends
 * back counts only if it is one of those offered; an error answer becomes a {@link HostFailure}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
public final class EditorPermissionPrompt implements PermissionPrompt {
    private final ClientChannel client;
    private final String sessionId;

    public EditorPermissionPrompt(ClientChannel client, String sessionId) {
        this.client = client;
        this.sessionId = sessionId;
    }

    @Override
    public Answer ask(Question question, Cancellation cancellation) throws HostFailure {
        List<PermissionOption> options = question.choices().stream().map(c -> named(option(c), question)).toList();
        ToolCallView view = question.view();
        ToolCallFields call = new ToolCallFields(question.toolCallId(), view.title(), ToolDisplays.toAcp(view.kind()),
                ToolCallStatus.PENDING, ToolDisplays.toAcp(view.preview()), ToolDisplays.locations(view.locations()),
                question.rawInput(), null);
        RequestPermissionResponse answer;
        try {
            answer = client.request(new RequestPermissionRequest(sessionId, call, options), cancellation);
        } catch (JsonRpcException e) {
            throw new HostFailure(e.getMessage());
        }
        return switch (answer == null ? null : answer.outcome()) {
            case null -> new Answer.Unclear();
            case RequestPermissionResponse.Outcome.Cancelled c -> new Answer.Dismissed();
            case RequestPermissionResponse.Outcome.Unknown u -> new Answer.Unclear();
            case RequestPermissionResponse.Outcome.Selected s -> question.choices().stream()
                    .filter(c -> option(c).optionId().equals(s.optionId())).findFirst()
                    .<Answer>map(Answer.Chosen::new).orElseGet(Answer.Unclear::new);
        };
    }

    /** "Always allow" says what it covers when the gate says so ("Always allow this command in this project"). */
    private static PermissionOption named(PermissionOption option, Question question) {
        return option == PermissionOption.ALLOW_ALWAYS && question.always() != null
                ? new PermissionOption(option.optionId(), question.always(), option.kind()) : option;
    }

    private static PermissionOption option(PermissionChoice choice) {
        return switch (choice) {
            case ALLOW_ONCE -> PermissionOption.ALLOW_ONCE;
            case ALLOW_ALWAYS -> PermissionOption.ALLOW_ALWAYS;
            case REJECT_ONCE -> PermissionOption.REJECT_ONCE;
        };
    }
}
