package dev.tether.tools;

import dev.tether.acp.ClientChannel;
import dev.tether.acp.schema.PermissionOption;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.agent.Cancellation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Decides whether a tool call may run, asking the user through
 * {@code session/request_permission} when the session's mode requires it. One gate per
 * session: it remembers the tools the user chose to "Always allow".
 *
 * <p>Rules, first match wins: in read-only mode anything but a read is denied; a tool marked
 * {@code confirm} is asked every time (no "Always allow" offered); reads are allowed; a tool
 * the user always allowed is allowed; then {@code ask} asks, {@code acceptEdits} allows edits
 * and asks otherwise, {@code auto} allows.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
public final class PermissionGate {

    /** The decision before asking anyone. */
    public enum Verdict { ALLOW, ASK, DENY }

    /**
     * One call waiting for permission.
     *
     * @param rawInput the model's input, shown by the editor
     */
    public record Call(String toolCallId, String toolName, ToolTraits traits, ToolCallView view, JsonNode rawInput) {}

    private final String sessionId;
    private final ClientChannel client;
    private final Set<String> alwaysAllowed = ConcurrentHashMap.newKeySet();

    public PermissionGate(String sessionId, ClientChannel client) {
        this.sessionId = sessionId;
        this.client = client;
    }

    /** The rule table alone; {@code remembered} is whether the user chose "Always allow" for this tool. */
    public static Verdict verdict(SessionMode mode, ToolTraits traits, boolean remembered) {
        if (mode == SessionMode.READ_ONLY && !traits.readOnly()) {
            return Verdict.DENY;
        }
        if (traits.confirm()) {
            return Verdict.ASK;
        }
        if (traits.readOnly() || remembered) {
            return Verdict.ALLOW;
        }
        return switch (mode) {
            case ASK -> Verdict.ASK;
            case ACCEPT_EDITS -> traits.category() == ToolTraits.Category.EDIT ? Verdict.ALLOW : Verdict.ASK;
            case AUTO, READ_ONLY -> Verdict.ALLOW;
        };
    }

    /**
     * Decides, asking the user when needed. Waits for the answer as long as it takes; the
     * turn's {@code cancellation} withdraws the request.
     *
     * @throws dev.tether.agent.CancelledException when the turn is cancelled while asking
     */
    public PermissionDecision check(SessionMode mode, Call call, Cancellation cancellation) {
        return switch (verdict(mode, call.traits(), alwaysAllowed.contains(call.toolName()))) {
            case ALLOW -> new PermissionDecision.Allowed();
            case DENY -> new PermissionDecision.Rejected(
                    call.toolName() + " is not allowed in read-only mode. Only reading and searching tools can run.");
            case ASK -> ask(call, cancellation);
        };
    }

    /** Whether the user chose "Always allow" for {@code toolName} in this session. */
    public boolean isAlwaysAllowed(String toolName) {
        return alwaysAllowed.contains(toolName);
    }

    private PermissionDecision ask(Call call, Cancellation cancellation) {
        List<PermissionOption> options = call.traits().confirm()
                ? List.of(PermissionOption.ALLOW_ONCE, PermissionOption.REJECT_ONCE)
                : List.of(PermissionOption.ALLOW_ONCE, PermissionOption.ALLOW_ALWAYS, PermissionOption.REJECT_ONCE);
        ToolCallView view = call.view();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("sessionId", sessionId);
        params.put("toolCall", new ToolCallFields(call.toolCallId(), view.title(), view.kind(), ToolCallStatus.PENDING,
                view.preview(), view.locations(), call.rawInput(), null));
        params.put("options", options);
        JsonNode outcome = client.request("session/request_permission", params, cancellation).path("outcome");
        if ("cancelled".equals(outcome.path("outcome").asString(""))) {
            return new PermissionDecision.Cancelled();
        }
        if (!"selected".equals(outcome.path("outcome").asString(""))) {
            return new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED);
        }
        String chosen = outcome.path("optionId").asString("");
        // Only ids we offered count; anything else is read as a rejection, never as consent.
        PermissionOption option = options.stream().filter(o -> o.optionId().equals(chosen)).findFirst().orElse(null);
        if (option == null || option.kind().startsWith("reject")) {
            return new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED);
        }
        if (option.kind().equals("allow_always")) {
            alwaysAllowed.add(call.toolName());
        }
        return new PermissionDecision.Allowed();
    }
}
