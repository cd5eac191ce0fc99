package dev.tether.tools.permission;

import dev.tether.base.Cancellation;
import dev.tether.tools.HostFailure;
import dev.tether.tools.SessionMode;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleScope;
import dev.tether.tools.rules.Ruling;
import dev.tether.tools.rules.Subject;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Decides whether a tool call may run, asking the user through the session's
 * {@link PermissionPrompt} when the rules and the session's mode require it. One gate per session.
 *
 * <p>First the permission rules ({@link RuleBook}): a deny rule refuses the call in every mode; an
 * ask rule makes it ask even where the mode would allow it; an allow rule lets it run without
 * asking in {@code ask} and {@code acceptEdits} mode — never in read-only mode, never for a tool
 * marked {@code confirm}, and never for a call that does more than its tool usually does (a write
 * to a protected path, which stays a command whatever a rule says). Then the mode's table, first
 * match wins: in read-only mode reads are allowed, external (MCP) tools are asked about every time
 * and everything else is denied; a tool marked {@code confirm} is asked every time; reads are
 * allowed; then {@code ask} asks, {@code acceptEdits} allows edits and asks otherwise, {@code auto}
 * allows.
 *
 * <p>"Always allow" is offered only where it could be remembered (not for {@code confirm} tools,
 * not in read-only mode, not for a call without an approval key, not where an ask rule asked, not
 * where the managed settings let only their own rules allow) and
 * covers exactly what was allowed: the command line for {@code run_command}, the tool for the
 * other built-in tools, the server and the tool's definition for an MCP tool. It is written as a
 * rule of the local scope (the user's, for this project) and holds for this session even when it
 * cannot be written.
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
     *                    call must be asked about each time (it does more than its tool usually does)
     * @param subject     what permission rules see of the call ({@link Tool#subject})
     */
    public record Call(String toolCallId, String toolName, ToolTraits traits, ToolCallView view, JsonNode rawInput,
                       String approvalKey, Subject subject) {
        /** A call rules see by its tool's name alone. */
        public Call(String toolCallId, String toolName, ToolTraits traits, ToolCallView view, JsonNode rawInput, String approvalKey) {
            this(toolCallId, toolName, traits, view, rawInput, approvalKey, Subject.Builtin.named(toolName));
        }
    }

    /**
     * The "Always allow" answers of one session, kept here as well as in the local scope (which may
     * be unwritable, or not apply: a server nobody can identify). One session's gates share them: the
     * session's own and each of its subagents', so that what the user allowed in either holds in both.
     */
    public static final class SessionAnswers {
        private final List<PermissionRule> rules = new CopyOnWriteArrayList<>();
        private final Set<String> keys = ConcurrentHashMap.newKeySet();
    }

    private final PermissionPrompt prompt;
    private final RuleBook book;
    private final List<PermissionRule> answered;
    private final Set<String> answeredKeys;

    /** A gate without permission rules: the mode decides, and "Always allow" lasts the session. */
    public PermissionGate(PermissionPrompt prompt) {
        this(prompt, RuleBook.NONE, new SessionAnswers());
    }

    /** A gate of its own session: its "Always allow" answers are its own. */
    public PermissionGate(PermissionPrompt prompt, RuleBook book) {
        this(prompt, book, new SessionAnswers());
    }

    /** @param answers the session's "Always allow" answers, shared with the session's other gates */
    public PermissionGate(PermissionPrompt prompt, RuleBook book, SessionAnswers answers) {
        this.prompt = prompt;
        this.book = book;
        this.answered = answers.rules;
        this.answeredKeys = answers.keys;
    }

    /** The mode's table alone; {@code remembered} is whether a rule or "Always allow" lets this call run without asking. */
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

    /** Who decided when a rule of {@code scope} did: the command line's flag, an earlier answer, or a written rule. */
    private static PermissionDecision.Basis basis(RuleScope scope) {
        return scope.commandLine() ? PermissionDecision.Basis.FLAG
                : scope.remembered() ? PermissionDecision.Basis.REMEMBERED : PermissionDecision.Basis.RULE;
    }

    /**
     * Decides, asking the user when needed. Waits for the answer as long as it takes; the
     * turn's {@code cancellation} withdraws the request.
     *
     * @throws HostFailure when the host could not ask the user (then nothing may run)
     * @throws dev.tether.base.CancelledException when the turn is cancelled while asking
     */
    public PermissionDecision check(SessionMode mode, Call call, Cancellation cancellation) throws HostFailure {
        Optional<Ruling> ruling = book.rules().with(answered).decide(call.subject());
        Effect effect = ruling.map(Ruling::effect).orElse(null);
        if (effect == Effect.DENY) {
            PermissionRule rule = ruling.get().rule();
            return new PermissionDecision.Rejected(call.toolName() + " is not allowed: the rule `" + rule.text() + "` ("
                    + rule.scope().id() + " permissions) denies this call.", basis(rule.scope()));
        }
        Verdict byMode = verdict(mode, call.traits(), false);
        boolean ruleAllows = effect == Effect.ALLOW && call.approvalKey() != null;
        Verdict verdict = effect == Effect.ASK && byMode == Verdict.ALLOW ? Verdict.ASK : verdict(mode, call.traits(), ruleAllows);
        return switch (verdict) {
            case ALLOW -> new PermissionDecision.Allowed(byMode == Verdict.ALLOW ? PermissionDecision.Basis.POLICY
                    : basis(ruling.get().rule().scope()));
            case DENY -> new PermissionDecision.Rejected(
                    call.toolName() + " is not allowed in read-only mode. Only reading and searching tools can run.",
                    PermissionDecision.Basis.POLICY);
            case ASK -> ask(call, mode != SessionMode.READ_ONLY && call.approvalKey() != null && !call.traits().confirm()
                    && effect != Effect.ASK && book.offersAlwaysAllow(), cancellation);
        };
    }

    /** Whether the user chose "Always allow" in this session for the tool with this approval key. */
    public boolean isAlwaysAllowed(String approvalKey) {
        return approvalKey != null && answeredKeys.contains(approvalKey);
    }

    private PermissionDecision ask(Call call, boolean rememberable, Cancellation cancellation) throws HostFailure {
        List<PermissionChoice> choices = !rememberable
                ? List.of(PermissionChoice.ALLOW_ONCE, PermissionChoice.REJECT_ONCE)
                : List.of(PermissionChoice.ALLOW_ONCE, PermissionChoice.ALLOW_ALWAYS, PermissionChoice.REJECT_ONCE);
        String always = rememberable ? AlwaysAllow.label(call.subject(), kept(call)) : null;
        PermissionPrompt.Answer answer = prompt.ask(
                new PermissionPrompt.Question(call.toolCallId(), call.view(), call.rawInput(), choices, always), cancellation);
        return switch (answer) {
            case PermissionPrompt.Answer.Dismissed dismissed -> new PermissionDecision.Cancelled();
            // Only choices we offered count; anything else is read as a rejection, never as consent.
            case PermissionPrompt.Answer.Chosen chosen when choices.contains(chosen.choice()) && chosen.choice().allows() -> {
                if (chosen.choice() == PermissionChoice.ALLOW_ALWAYS) {
                    remember(call);
                }
                yield new PermissionDecision.Allowed(PermissionDecision.Basis.USER);
            }
            case PermissionPrompt.Answer.Chosen chosen ->
                    new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, PermissionDecision.Basis.USER);
            case PermissionPrompt.Answer.Unclear unclear ->
                    new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, PermissionDecision.Basis.USER);
        };
    }

    /** Whether an "Always allow" of this call outlives the session. */
    private boolean kept(Call call) {
        return book.keeps() && !(call.subject() instanceof Subject.Mcp mcp && mcp.binding().identity() == null);
    }

    /** Keeps "Always allow" as a rule of this session, and writes it to the local scope where there is one. */
    private void remember(Call call) {
        PermissionRule rule = AlwaysAllow.rule(call.subject());
        answered.add(rule.in(RuleScope.SESSION, "this session"));
        answeredKeys.add(call.approvalKey());
        // A server nobody can say who it is (no identity) is remembered for this session only: a rule
        // pinned to "unknown" would reach whatever server takes the name next time.
        if (!kept(call)) {
            return;
        }
        try {
            book.remember(rule);
        } catch (RuleBook.NotKept e) {
            LoggerFactory.getLogger(PermissionGate.class).warn("\"Always allow\" of {} holds for this session only: {}",
                    call.toolName(), e.getMessage());
        }
    }
}
