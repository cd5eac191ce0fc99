package dev.tether.session;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.session.api.EditorRequests;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Location;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolKind;
import dev.tether.tools.permission.RuleBook;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The question about a project's own allow rules ({@code .tether/settings.json}), asked once per
 * session at its first prompt, as workspace MCP servers are: "Allow for this project" or "Reject",
 * both remembered for the project by the list's digest. Until the user allows them the rules do
 * nothing; a dismissed question (or an editor that cannot ask) leaves them so and says how to
 * answer at a terminal.
 */
final class RuleApproval {
    /** The most rules the question lists, and the most of each. */
    static final int MAX_RULES = 40;
    static final int MAX_RULE_CHARS = 200;

    private final RuleBook rules;
    private final Path project;
    private final Consumer<SessionEvent> show;
    private boolean asked;

    RuleApproval(RuleBook rules, Path project, Consumer<SessionEvent> show) {
        this.rules = rules;
        this.project = project;
        this.show = show;
    }

    /**
     * Asks about the project's allow rules if they wait for an answer and this session has not asked.
     *
     * @throws CancelledException the turn was cancelled while asking (the next prompt asks again)
     */
    void askOnce(EditorRequests editor, Cancellation turn) {
        synchronized (this) {
            if (asked) {
                return;
            }
            asked = true;
        }
        RuleBook.Pending pending = rules.pending();
        if (pending == null) {
            return;
        }
        String callId = "permission-rules-approval-" + UUID.randomUUID();
        ToolCallView view = view(pending);
        ObjectNode raw = Json.object().put("file", pending.file());
        pending.rules().stream().limit(MAX_RULES).forEach(raw.putArray("allow")::add);
        show.accept(new SessionEvent.ToolCallStarted(callId, view, raw));
        EditorRequests.ServerAnswer answer;
        try {
            answer = editor.approveServer(callId, view, turn);
        } catch (CancelledException e) {
            show.accept(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
            synchronized (this) {
                asked = false;
            }
            throw e;
        } catch (HostFailure e) {
            show.accept(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
            return;
        }
        if (answer == EditorRequests.ServerAnswer.ALLOW_FOR_PROJECT || answer == EditorRequests.ServerAnswer.REJECT) {
            try {
                pending.answer(answer == EditorRequests.ServerAnswer.ALLOW_FOR_PROJECT);
            } catch (RuleBook.NotKept e) {
                LoggerFactory.getLogger(RuleApproval.class).warn("the answer about {} was not kept: {}", pending.file(), e.getMessage());
            }
        }
        show.accept(SessionEvent.ToolCallUpdated.status(callId, answer == EditorRequests.ServerAnswer.ALLOW_FOR_PROJECT
                ? SessionEvent.CallStatus.COMPLETED : SessionEvent.CallStatus.FAILED));
    }

    private ToolCallView view(RuleBook.Pending pending) {
        StringBuilder text = new StringBuilder("The project file " + pending.file()
                + " asks that these tool calls run without asking you:\n");
        List<String> listed = pending.rules().stream().limit(MAX_RULES).toList();
        for (String rule : listed) {
            String clean = UnicodeSanitizer.clean(rule);
            text.append("- ").append(clean.length() > MAX_RULE_CHARS ? clean.substring(0, MAX_RULE_CHARS) + "…" : clean).append('\n');
        }
        if (pending.rules().size() > listed.size()) {
            text.append("- … and ").append(pending.rules().size() - listed.size()).append(" more; read them in ")
                    .append(pending.file()).append(" before you allow them\n");
        }
        text.append("\nIts deny and ask rules apply already. Allow these rules for the project ").append(project)
                .append(", or reject them; either answer is remembered, and a changed list is asked about again.")
                .append(" At a terminal: tether permissions approve | reject.");
        return new ToolCallView("Allow the permission rules of " + pending.file() + "?", ToolKind.OTHER,
                List.of(Location.of(project.resolve(pending.file()).toString())), List.of(ToolDisplay.text(text.toString())));
    }
}
