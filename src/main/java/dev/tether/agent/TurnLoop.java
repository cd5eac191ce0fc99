package dev.tether.agent;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.ToolError;
import java.util.ArrayList;
import java.util.List;

/**
 * One prompt turn: model → tools → model until the model stops, a limit is reached, a tool
 * fails fatally or the turn is cancelled.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn">ACP prompt turn</a>
 */
public final class TurnLoop {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TurnLoop.class);
    /** Named default: model requests one turn may make before it ends with max_turn_requests. */
    public static final int DEFAULT_MAX_MODEL_REQUESTS = 50;
    /** What the model reads for a call of the step that a fatal failure before it kept from running. */
    private static final String NOT_RUN_AFTER_FATAL = "Not run: an earlier call of this step failed and ended the turn.";

    /** What one turn runs with; taken fresh for every turn so mode and model changes apply. */
    public record Settings(String model, String system, int maxTokens, ThinkingLevel thinking, int maxModelRequests) {}

    private final ModelProvider provider;
    private final Conversation conversation;
    private final TurnTools tools;
    private final TurnListener listener;

    public TurnLoop(ModelProvider provider, Conversation conversation, TurnTools tools, TurnListener listener) {
        this.provider = provider;
        this.conversation = conversation;
        this.tools = tools;
        this.listener = listener;
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
            ModelRequest request = new ModelRequest(settings.model(), settings.system(), conversation.forRequest(),
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

    /**
     * Runs the calls of one step and answers every one of them, run or not; returns whether the
     * turn was cancelled.
     *
     * @throws ToolError.Fatal a call failed fatally; the step's results are already in the conversation
     */
    private boolean runStep(List<Part.ToolUse> uses, Cancellation turn) throws ToolError.Fatal {
        List<Part> results = new ArrayList<>();
        boolean cancelled = false;
        ToolError.Fatal fatal = null;
        for (Part.ToolUse use : uses) {
            if (fatal != null) {
                results.add(error(use, NOT_RUN_AFTER_FATAL));
                continue;
            }
            if (cancelled || turn.isCancelled()) {
                results.add(error(use, "Not run: the user cancelled the turn."));
                continue;
            }
            TurnTools.Step step = call(use, turn);
            results.add(step.result());
            switch (step) {
                case TurnTools.Step.Answered answered -> { }
                case TurnTools.Step.Cancelled stopped -> cancelled = true;
                case TurnTools.Step.Fatal failed -> fatal = failed.error();
            }
        }
        // Every tool use must be answered, or the next request is rejected by the model API.
        conversation.add(ModelMessage.user(results));
        if (fatal != null) {
            throw fatal;
        }
        return cancelled || turn.isCancelled();
    }

    /** One call, answered whatever escapes the tool machinery. */
    private TurnTools.Step call(Part.ToolUse use, Cancellation turn) {
        try {
            return tools.call(use, turn);
        } catch (CancelledException e) {
            return new TurnTools.Step.Cancelled(error(use, "Cancelled by the user."));
        } catch (Throwable e) {
            // Whatever escaped the tool machinery, the call still gets its result and the turn goes on.
            LOG.error("tool call {} failed outside the tool", use.name(), e);
            return new TurnTools.Step.Answered(error(use, "The tool failed unexpectedly."));
        }
    }

    private static Part.ToolResult error(Part.ToolUse use, String text) {
        return new Part.ToolResult(use.id(), List.of(new Part.Text(text)), true);
    }

    private void keepPartialText(StreamRelay relay) {
        String partial = relay.text();
        if (!partial.isEmpty()) {
            conversation.add(ModelMessage.assistant(List.of(new Part.Text(partial))));
        }
    }
}
