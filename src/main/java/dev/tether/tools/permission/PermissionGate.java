package dev.tether.tools.permission;

import dev.tether.base.Cancellation;
import dev.tether.tools.HostFailure;
import dev.tether.tools.SessionMode;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolTraits;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Decides whether a tool call may run, asking the user through the session's
 * {@link PermissionPrompt} when the session's mode requires it. One gate per
 * session: it remembers the tools the user chose to "Always allow", each by its
 * {@linkplain Tool#approvalKey() approval key} (for an MCP tool: server, raw name and a digest of
 * its definition), never by the name the model uses.
 *
 * <p>Rules, first match wins: in read-only mode reads are allowed, external (MCP) tools are asked
 * about every time and everything else is denied; a tool marked {@code confirm} is asked every
 * time; reads are allowed; a tool the user always allowed is allowed; then {@code ask} asks,
 * {@code acceptEdits} allows edits and asks otherwise, {@code auto} allows. "Always allow" is
 * offered only where it could be remembered: not for {@code confirm} tools, not in read-only
 * mode, not for a call without an approval key (one that does more than its tool usually does).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
public final class PermissionGate {

    /** The decision before asking anyone. */
    public enum Verdict { ALLOW, ASK, DENY }

    /**
     * One call waiting for permission.
     *
     * @param traits      what this call may do ({@link Tool#traitsFor})
     * @param rawInput    the model's input, shown by the editor
     * @param approvalKey what an "Always allow" of this call is remembered by, or null when the
     *                    call must be asked about each time
     */
    public record Call(String toolCallId, String toolName, ToolTraits traits, ToolCallView view, JsonNode rawInput,
                       String approvalKey) {}

    private final PermissionPrompt prompt;
    private final Set<String> alwaysAllowed = ConcurrentHashMap.newKeySet();

    public PermissionGate(PermissionPrompt prompt) {
        this.prompt = prompt;
    }

    /** The rule table alone; {@code remembered} is whether the user chose "Always allow" for this tool. */
    public static Verdict verdict(SessionMode mode, ToolTraits traits, boolean remembered) {
        if (mode == SessionMode.READ_ONLY) {
            // Read-only is the user saying "nothing changes unless I see it": an external tool may
            // still be harmless, so the user decides each call, and no earlier approval counts.
            if (traits.readOnly()) {
                return Verdict.ALLOW;
            }
            return traits.category() == ToolTraits.Category.EXTERNAL ? Verdict.ASK : Verdict.DENY;
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
     * @throws HostFailure when the host could not ask the user (then nothing may run)
     * @throws dev.tether.base.CancelledException when the turn is cancelled while asking
     */
    public PermissionDecision check(SessionMode mode, Call call, Cancellation cancellation) throws HostFailure {
        boolean remembered = call.approvalKey() != null && alwaysAllowed.contains(call.approvalKey());
        return switch (verdict(mode, call.traits(), remembered)) {
            case ALLOW -> new PermissionDecision.Allowed(remembered && verdict(mode, call.traits(), false) != Verdict.ALLOW
                    ? PermissionDecision.Basis.REMEMBERED : PermissionDecision.Basis.POLICY);
            case DENY -> new PermissionDecision.Rejected(
                    call.toolName() + " is not allowed in read-only mode. Only reading and searching tools can run.",
                    PermissionDecision.Basis.POLICY);
            case ASK -> ask(call, mode != SessionMode.READ_ONLY && call.approvalKey() != null && !call.traits().confirm(),
                    cancellation);
        };
    }

    /** Whether the user chose "Always allow" for the tool with this approval key in this session. */
    public boolean isAlwaysAllowed(String approvalKey) {
        return approvalKey != null && alwaysAllowed.contains(approvalKey);
    }

    private PermissionDecision ask(Call call, boolean rememberable, Cancellation cancellation) throws HostFailure {
        List<PermissionChoice> choices = !rememberable
                ? List.of(PermissionChoice.ALLOW_ONCE, PermissionChoice.REJECT_ONCE)
                : List.of(PermissionChoice.ALLOW_ONCE, PermissionChoice.ALLOW_ALWAYS, PermissionChoice.REJECT_ONCE);
        PermissionPrompt.Answer answer = prompt.ask(
                new PermissionPrompt.Question(call.toolCallId(), call.view(), call.rawInput(), choices), cancellation);
        return switch (answer) {
            case PermissionPrompt.Answer.Dismissed dismissed -> new PermissionDecision.Cancelled();
            // Only choices we offered count; anything else is read as a rejection, never as consent.
            case PermissionPrompt.Answer.Chosen chosen when choices.contains(chosen.choice()) && chosen.choice().allows() -> {
                if (chosen.choice() == PermissionChoice.ALLOW_ALWAYS) {
                    alwaysAllowed.add(call.approvalKey());
                }
                yield new PermissionDecision.Allowed(PermissionDecision.Basis.USER);
            }
            case PermissionPrompt.Answer.Chosen chosen ->
                    new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, PermissionDecision.Basis.USER);
            case PermissionPrompt.Answer.Unclear unclear ->
                    new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, PermissionDecision.Basis.USER);
        };
    }
}
