package dev.tether.agent;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.base.Scope;
import dev.tether.model.BinaryNotes;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.ToolError;
import java.util.List;

/**
 * One prompt turn: model → tools → model until the model stops, a limit is reached, a tool
 * fails fatally or the turn is cancelled. Before a request that would fill the model's context
 * past its {@link ContextPolicy}, the conversation is compacted first.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn">ACP prompt turn</a>
 */
public final class TurnLoop {
    /** Named default: model requests one turn may make before it ends with max_turn_requests. */
    public static final int DEFAULT_MAX_MODEL_REQUESTS = 50;
    /** Named default: read-only tool calls of one step that run at the same time. */
    public static final int DEFAULT_MAX_PARALLEL_TOOLS = 4;

    /** What one turn runs with; taken fresh for every turn so mode and model changes apply. */
    public record Settings(String model, String system, int maxTokens, ThinkingLevel thinking, int maxModelRequests) {}

    /**
     * What a session lends its turns beyond the seams.
     *
     * @param context     when to compact, or null never to
     * @param threads     where read-only calls of a step run concurrently, or null to run every call in turn
     * @param maxParallel how many calls of a step run at once
     */
    public record Resources(ContextPolicy context, Scope threads, int maxParallel) {
        /** No compaction, one call at a time. */
        public static final Resources NONE = new Resources(null, null, 1);
    }

    private final ModelProvider provider;
    private final Conversation conversation;
    private final TurnTools tools;
    private final TurnListener listener;
    private final Resources resources;

    public TurnLoop(ModelProvider provider, Conversation conversation, TurnTools tools, TurnListener listener) {
        this(provider, conversation, tools, listener, Resources.NONE);
    }

    public TurnLoop(ModelProvider provider, Conversation conversation, TurnTools tools, TurnListener listener, Resources resources) {
        this.provider = provider;
        this.conversation = conversation;
        this.tools = tools;
        this.listener = listener;
        this.resources = resources;
    }

    /**
     * Runs the turn for the user's message (or the messages of an MCP prompt).
     *
     * @throws ModelException the model failed after the provider's retries
     * @throws ToolError.Fatal a tool call failed so that the turn cannot go on; every call of its step
     *                         is answered, so the conversation stays valid for the next prompt
     */
    public StopReason run(List<ModelMessage> prompt, Settings settings, Cancellation turn) throws ModelException, ToolError.Fatal {
        prompt.forEach(conversation::add);
        boolean compactionFailed = false;
        for (int requests = 0; ; requests++) {
            if (turn.isCancelled()) {
                return StopReason.CANCELLED;
            }
            if (requests >= settings.maxModelRequests()) {
                return StopReason.MAX_TURN_REQUESTS;
            }
            List<ToolDefinition> offered;
            try {
                offered = tools.prepare(turn);
            } catch (CancelledException e) {
                return StopReason.CANCELLED;
            }
            if (!compactionFailed && compactionDue(settings, offered)) {
                Compactor.Outcome outcome = new Compactor(provider, conversation, listener)
                        .compact(new Compactor.Request(settings.model(), settings.system(), settings.maxTokens()), turn);
                if (outcome.status() == Compactor.Status.CANCELLED) {
                    return StopReason.CANCELLED;
                }
                // A failed compaction is not tried again in this turn: the request goes out uncompacted.
                compactionFailed = outcome.status() == Compactor.Status.FAILED || outcome.status() == null;
            }
            ModelRequest request = new ModelRequest(settings.model(), settings.system(),
                    BinaryNotes.withinImageBudget(conversation.forRequest()),
                    offered, settings.maxTokens(), settings.thinking());
            StreamRelay relay = new StreamRelay(listener);
            ModelResponse response;
            try {
                response = provider.stream(request, relay, turn);
            } catch (CancelledException e) {
                keepPartialText(relay);
                return StopReason.CANCELLED;
            }
            listener.on(new TurnEvent.UsageReported(response.usage()));
            conversation.add(response.message());
            conversation.usageReported(response.usage());
            List<Part.ToolUse> uses = response.message().parts().stream()
                    .filter(Part.ToolUse.class::isInstance).map(Part.ToolUse.class::cast).toList();
            if (!uses.isEmpty()) {
                if (runStep(uses, turn)) {
                    return StopReason.CANCELLED;
                }
                continue;
            }
            switch (response.stopReason()) {
                case PAUSE_TURN -> { }
                case MAX_TOKENS, CONTEXT_WINDOW_EXCEEDED -> {
                    return StopReason.MAX_TOKENS;
                }
                case REFUSAL -> {
                    return StopReason.REFUSAL;
                }
                case END_TURN, TOOL_USE -> {
                    return StopReason.END_TURN;
                }
            }
        }
    }

    private boolean compactionDue(Settings settings, List<ToolDefinition> offered) {
        ContextPolicy policy = resources.context();
        return policy != null && conversation.estimateTokens(settings.system(), offered) >= policy.threshold();
    }

    /**
     * Runs the calls of one step and answers every one of them, run or not; returns whether the
     * turn was cancelled.
     *
     * @throws ToolError.Fatal a call failed fatally; the step's results are already in the conversation
     */
    private boolean runStep(List<Part.ToolUse> uses, Cancellation turn) throws ToolError.Fatal {
        ToolStep.Result step = new ToolStep(tools, resources.threads(), resources.maxParallel()).run(uses, turn);
        // Every tool use must be answered, or the next request is rejected by the model API.
        conversation.add(ModelMessage.user(step.results()));
        if (step.fatal() != null) {
            throw step.fatal();
        }
        return step.cancelled();
    }

    private void keepPartialText(StreamRelay relay) {
        String partial = relay.text();
        if (!partial.isEmpty()) {
            conversation.add(ModelMessage.assistant(List.of(new Part.Text(partial))));
        }
    }
}
