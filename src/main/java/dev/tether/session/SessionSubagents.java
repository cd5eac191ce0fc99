package dev.tether.session;

import dev.tether.agent.Conversation;
import dev.tether.agent.StopReason;
import dev.tether.agent.TurnListener;
import dev.tether.agent.TurnTools;
import dev.tether.agent.subagent.AgentType;
import dev.tether.agent.subagent.SubagentHost;
import dev.tether.agent.subagent.ToolSubset;
import dev.tether.base.Cancellation;
import dev.tether.model.ModelException;
import dev.tether.model.ModelProvider;
import dev.tether.model.ThinkingLevel;
import dev.tether.session.api.EventSink;
import dev.tether.session.api.Frontend;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionId;
import dev.tether.session.api.SessionOutput;
import dev.tether.session.transcript.SessionRecord;
import dev.tether.session.transcript.SessionRecorder;
import dev.tether.session.transcript.ToolAudit;
import dev.tether.session.transcript.Transcript;
import dev.tether.tools.SessionMode;
import dev.tether.tools.sandbox.Sandbox;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.Workspace;
import dev.tether.tools.permission.PermissionGate;
import dev.tether.tools.permission.PermissionPrompt;
import dev.tether.tools.permission.RuleBook;
import dev.tether.tools.rules.ServerBinding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A session's subagents: each a child session with its own id, conversation and transcript (beside
 * the parent's, out of the session list), the parent's tools — on the parent's MCP runtime, no second set of servers — cut
 * to its type's subset, and its permission requests sent to the editor naming it and its task.
 * Where the editor shows subagents, the child is announced on the parent ({@code subagent_update})
 * before any of its traffic, its updates carry its own id, and the task and the answer pass as
 * messages between the sessions; elsewhere its work is the progress of the parent's tool call.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/subagents">ACP subagents</a>
 */
final class SessionSubagents implements SubagentHost {
    /** Named default: how much of the task a permission request quotes. */
    static final int TASK_QUOTE_CHARS = 200;

    /**
     * What the parent lends: its id, workspace, editor ports and events, the catalog of MCP tools
     * its requests pass, its audit log, mode and model, and its permission rules with who each of
     * its MCP servers is (a subagent's calls meet the same rules as the parent's), and the session's
 * "Always allow" answers (given in the parent or in any subagent, they hold in all of them).
     */
    record Parent(SessionId id, Workspace workspace, Frontend.Ports ports, EventSink events, SessionTools.Catalog catalog,
                  ToolAudit audit, Supplier<SessionMode> mode, SessionModel model, Supplier<String> modelName,
                  Supplier<ThinkingLevel> thinking, Supplier<String> system, RuleBook rules,
                  Function<String, ServerBinding> bindings, Sandbox sandbox, PermissionGate.SessionAnswers answers) {}

    private final SessionServices services;
    private final Parent parent;
    private final Map<String, Cancellation> running = new ConcurrentHashMap<>();

    SessionSubagents(SessionServices services, Parent parent) {
        this.services = services;
        this.parent = parent;
    }

    /** Cancels the work of child {@code childId} if it is one of this session's and running; returns whether it was. */
    boolean cancel(String childId) {
        Cancellation child = running.get(childId);
        if (child != null) {
            child.cancel();
        }
        return child != null;
    }

    @Override
    public Child open(Task task, ToolContext call) {
        SessionId id = SessionId.random();
        String childId = id.value();
        boolean visible = services.frontend().showsSubagents();
        Transcript transcript = services.transcripts().subagents(parent.id()).create(new SessionRecord.Meta(id, parent.workspace().cwd(),
                parent.workspace().additionalDirectories(), Instant.now()));
        SessionOutput output;
        PermissionPrompt permissions;
        if (visible) {
            Frontend.Ports childPorts = services.frontend().open(id, services.secrets());
            output = childPorts.output();
            permissions = waitingFor(naming(childPorts.permissions(), task), childId);
        } else {
            output = new SubagentProgress(parent.ports().output(), call.progress());
            permissions = onParent(task, childId);
        }
        SessionRecorder recorder = new SessionRecorder(output, transcript);
        recorder.title("Subagent: " + task.title(), Instant.now().toString());
        String handedOver = UUID.randomUUID().toString();
        if (visible) {
            // Announced on the parent before any of the child's traffic, then linked from the parent's call.
            parent.events().send(new SessionEvent.SubagentChanged(childId, task.title(), task.type().description(),
                    SessionEvent.SubagentState.RUNNING, null));
            call.progress().show(List.of(new ToolDisplay.Session(childId)));
            parent.events().send(new SessionEvent.InterSessionMessage(handedOver, parent.id().value(), childId, null, task.prompt()));
        }
        recorder.sendDurable(new SessionEvent.InterSessionMessage(UUID.randomUUID().toString(), parent.id().value(), childId,
                visible ? handedOver : null, task.prompt()));
        Frontend.Ports parentPorts = parent.ports();
        ToolPorts toolPorts = new ToolPorts(parentPorts.tools().files(), parentPorts.tools().terminals(),
                entries -> recorder.sendDurable(new SessionEvent.PlanUpdated(entries)));
        Frontend.Ports ports = new Frontend.Ports(output, parentPorts.requests(), permissions, toolPorts);
        SessionTools tools = new SessionTools(parent.catalog(),
                new SessionTools.Toolset(services.toolFilter(), services.secrets(), List.of(), names -> { },
                        parent.rules(), parent.bindings(), paths -> "", parent.sandbox(), parent.answers()),
                new SessionTools.Reach(parent.workspace(), ports, recorder, parent.audit()),
                parent.mode(), parent.model()::acceptsImages, ToolSubset.of(task.type(), parent.mode()), null);
        Cancellation byUser = Cancellation.root();
        running.put(childId, byUser);
        SecretMasking masking = new SecretMasking(services.secrets());
        return new Child() {
            private final Conversation conversation = new Conversation(List.of(), recorder::message, recorder::compaction);

            @Override
            public String id() {
                return childId;
            }

            /** The type's model where the catalog offers it, else null: the session's. */
            private final String typeModel = task.type().model() != null
                    && services.models().models().stream().anyMatch(c -> c.value().equals(task.type().model())) ? task.type().model() : null;

            @Override
            public ModelProvider provider() throws ModelException {
                return typeModel != null ? services.models().open(typeModel) : parent.model().provider();
            }

            @Override
            public String model() {
                return typeModel != null ? typeModel : parent.modelName().get();
            }

            @Override
            public String system() {
                String instructions = task.type().instructions();
                return parent.system().get() + "\n\nYou are a subagent: another agent handed you the task in the user's message. "
                        + "Work on it alone with the tools you have; the user does not read your messages. End with one final "
                        + "message that answers the task completely: it is all the other agent receives."
                        + (instructions.isBlank() ? "" : "\n\n" + instructions);
            }

            @Override
            public int maxTokens() {
                return services.limits().maxTokens();
            }

            @Override
            public ThinkingLevel thinking() {
                return parent.thinking().get();
            }

            @Override
            public TurnTools tools() {
                return masking.tools(tools);
            }

            @Override
            public TurnListener listener() {
                return new TurnOutput(recorder::sendDurable, recorder::send, services.limits().contextWindow());
            }

            @Override
            public Conversation conversation() {
                return conversation;
            }

            @Override
            public Cancellation cancelledByUser() {
                return byUser;
            }

            @Override
            public void finished(StopReason reason, String answer) {
                running.remove(childId);
                String sent = UUID.randomUUID().toString();
                if (!answer.isBlank()) {
                    recorder.sendDurable(new SessionEvent.InterSessionMessage(sent, childId, parent.id().value(), null, answer));
                }
                if (visible) {
                    if (!answer.isBlank()) {
                        parent.events().send(new SessionEvent.InterSessionMessage(UUID.randomUUID().toString(), childId,
                                parent.id().value(), sent, answer));
                    }
                    parent.events().send(new SessionEvent.SubagentChanged(childId, null, null, SessionEvent.SubagentState.IDLE,
                            stopReason(reason)));
                }
            }

            @Override
            public void close() {
                running.remove(childId);
                recorder.close();
            }
        };
    }

    private static String stopReason(StopReason reason) {
        return switch (reason) {
            case END_TURN -> "end_turn";
            case MAX_TOKENS -> "max_tokens";
            case MAX_TURN_REQUESTS -> "max_turn_requests";
            case REFUSAL -> "refusal";
            case CANCELLED -> "cancelled";
        };
    }

    /** A permission question that names the subagent and quotes its task. */
    private static PermissionPrompt.Question named(PermissionPrompt.Question question, Task task, String toolCallId) {
        ToolCallView view = question.view();
        String quote = dev.tether.security.UnicodeSanitizer.clean(task.prompt()).strip();
        quote = quote.length() <= TASK_QUOTE_CHARS ? quote : quote.substring(0, TASK_QUOTE_CHARS - 1) + "…";
        List<ToolDisplay> preview = new ArrayList<>();
        preview.add(ToolDisplay.text("Asked by the subagent “" + task.title() + "”, working on: " + quote));
        preview.addAll(view.preview());
        return new PermissionPrompt.Question(toolCallId, new ToolCallView("Subagent “" + task.title() + "”: " + view.title(),
                view.kind(), view.locations(), preview), question.rawInput(), question.choices());
    }

    /** A prompt that shows the child as waiting for the user on the parent while it asks. */
    private PermissionPrompt waitingFor(PermissionPrompt prompt, String childId) {
        return (question, cancellation) -> {
            parent.events().send(new SessionEvent.SubagentChanged(childId, null, null, SessionEvent.SubagentState.REQUIRES_ACTION, null));
            try {
                return prompt.ask(question, cancellation);
            } finally {
                parent.events().send(new SessionEvent.SubagentChanged(childId, null, null, SessionEvent.SubagentState.RUNNING, null));
            }
        };
    }

    private static PermissionPrompt naming(PermissionPrompt prompt, Task task) {
        return (question, cancellation) -> prompt.ask(named(question, task, question.toolCallId()), cancellation);
    }

    /**
     * Where the editor has no child sessions: the question is asked on the parent's session, about a
     * tool call announced there first (by an id of the child's own), which then shows what was decided.
     */
    private PermissionPrompt onParent(Task task, String childId) {
        return (question, cancellation) -> {
            String callId = "subagent-" + childId + "-" + question.toolCallId();
            PermissionPrompt.Question asked = named(question, task, callId);
            parent.events().send(new SessionEvent.ToolCallStarted(callId, asked.view(), asked.rawInput(), null));
            PermissionPrompt.Answer answer = null;
            try {
                answer = parent.ports().permissions().ask(asked, cancellation);
                return answer;
            } finally {
                boolean allowed = answer instanceof PermissionPrompt.Answer.Chosen chosen
                        && chosen.choice() != dev.tether.tools.permission.PermissionChoice.REJECT_ONCE;
                parent.events().send(new SessionEvent.ToolCallUpdated(callId,
                        allowed ? SessionEvent.CallStatus.COMPLETED : SessionEvent.CallStatus.FAILED,
                        List.of(ToolDisplay.text(allowed ? "Allowed: the subagent runs it (shown in its tool call)." : "Not allowed.")),
                        null, null));
            }
        };
    }
}
