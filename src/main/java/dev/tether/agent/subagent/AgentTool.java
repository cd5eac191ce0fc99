package dev.tether.agent.subagent;

import dev.tether.agent.StopReason;
import dev.tether.agent.TurnEvent;
import dev.tether.agent.TurnListener;
import dev.tether.agent.TurnLoop;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * {@code agent {task, description, agent_type?}}: hands a self-contained task to a subagent that
 * runs its own turn loop in its own context, with a subset of the session's tools, and answers
 * with its final message, which is all the parent's model sees of it. At most
 * {@link Budget#parallel()} run at once per session; each within a budget of model requests, tokens
 * and time. The tool itself only reads: what the subagent does is gated call by call.
 */
public final class AgentTool implements Tool {
    public static final String NAME = "agent";

    /**
     * Named defaults of one subagent's budget.
     *
     * @param modelRequests the model requests its turn may make
     * @param tokens        input and output tokens over all its requests
     * @param time          how long it may run
     * @param parallel      how many of a session's subagents run at once
     */
    public record Budget(int modelRequests, long tokens, Duration time, int parallel) {
        public static final Budget DEFAULT = new Budget(25, 400_000, Duration.ofMinutes(10), 3);

        /** This budget with each part that is positive replaced ({@code "subagents"} in the config; 0 keeps the part). */
        public Budget with(int requests, long tokenCount, long seconds, int running) {
            return new Budget(requests > 0 ? requests : modelRequests, tokenCount > 0 ? tokenCount : tokens,
                    seconds > 0 ? Duration.ofSeconds(seconds) : time, running > 0 ? running : parallel);
        }
    }

    private final SubagentHost host;
    private final Supplier<Map<String, AgentType>> types;
    private final Budget budget;
    private final Semaphore slots;

    public AgentTool(SubagentHost host, Supplier<Map<String, AgentType>> types, Budget budget) {
        this.host = host;
        this.types = types;
        this.budget = budget;
        this.slots = new Semaphore(budget.parallel(), true);
    }

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Hand a self-contained task to a subagent that works in its own context and answers with one final message "
                    + "(only that message comes back to you). Use it for research across many files or independent side "
                    + "tasks; several calls in one response run at the same time. The subagent sees nothing of this "
                    + "conversation: put everything it needs in the task. By default it can read, search and list files "
                    + "and use MCP tools that need no permission; an agent_type may allow more.",
            Json.parse("""
                    {"type":"object","properties":{
                      "task":{"type":"string","description":"The complete task, with every fact the subagent needs"},
                      "description":{"type":"string","description":"A short title for the task (3-6 words), shown to the user"},
                      "agent_type":{"type":"string","description":"The kind of subagent (default: general)"}},
                     "required":["task","description"],"additionalProperties":false}"""));

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.OTHER, ToolTraits.Category.READ);
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        String title = input == null ? "" : input.path("description").asString("");
        return ToolCallView.of(title.isBlank() ? "Subagent" : "Subagent: " + clip(title), ToolKind.OTHER);
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError {
        String task = input == null ? "" : input.path("task").asString("");
        if (task.isBlank()) {
            throw new ToolError.TellModel("agent: \"task\" is required: the complete task for the subagent.");
        }
        String title = clip(input.path("description").asString("").isBlank() ? task : input.path("description").asString(""));
        String typeName = input.path("agent_type").asString("");
        Map<String, AgentType> known = types.get();
        AgentType type = typeName.isBlank() ? known.getOrDefault(AgentType.GENERAL.name(), AgentType.GENERAL) : known.get(typeName);
        if (type == null) {
            throw new ToolError.TellModel("agent: unknown agent_type \"" + clip(typeName) + "\"; known: " + String.join(", ", known.keySet()) + ".");
        }
        acquire(context.cancellation());
        try (SubagentHost.Child child = host.open(new SubagentHost.Task(title, task, type), context);
             Cancellation run = context.cancellation().child();
             Cancellation.Registration byUser = child.cancelledByUser().onCancel(run::cancel)) {
            Limits limits = new Limits();
            Thread timer = Thread.ofVirtual().name("subagent-timer").start(() -> {
                try {
                    if (!run.await(budget.time())) {
                        limits.reason = "it ran for its " + budget.time().toMinutes() + " minutes";
                        run.cancel();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            TurnListener listener = event -> {
                child.listener().on(event);
                if (event instanceof TurnEvent.UsageReported usage
                        && limits.tokens.addAndGet(usage.usage().inputTokens() + usage.usage().outputTokens()) > budget.tokens()) {
                    limits.reason = "it used its " + budget.tokens() + " tokens";
                    run.cancel();
                }
            };
            StopReason stop = null;
            String failure = null;
            try {
                stop = new TurnLoop(child.provider(), child.conversation(), child.tools(), listener)
                        .run(List.of(ModelMessage.user(List.of(new Part.Text(task)))),
                                new TurnLoop.Settings(child.model(), child.system(), child.maxTokens(), child.thinking(), budget.modelRequests()), run);
            } catch (ModelException e) {
                failure = "The subagent's model request failed: " + e.getMessage();
            } catch (ToolError.Fatal e) {
                failure = "The subagent stopped: " + e.getMessage();
            } finally {
                run.cancel();
                timer.interrupt();
                if (stop == null && failure == null) {
                    // Anything unexpected still ends the child in the editor, which must not show it running forever.
                    child.finished(context.cancellation().isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN, "");
                }
            }
            if (failure != null) {
                child.finished(context.cancellation().isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN, "");
                throw new ToolError.TellModel(failure);
            }
            String answer = lastAnswer(child);
            if (context.cancellation().isCancelled()) {
                child.finished(StopReason.CANCELLED, answer);
                throw new CancelledException();
            }
            child.finished(stop, answer);
            String note = switch (stop) {
                case CANCELLED -> limits.reason != null ? "[The subagent was stopped because " + limits.reason + ".]"
                        : "[The user cancelled the subagent.]";
                case MAX_TURN_REQUESTS -> "[The subagent was stopped after " + budget.modelRequests() + " model requests.]";
                case MAX_TOKENS -> "[The subagent's answer was cut off at its output limit.]";
                case REFUSAL -> "[The subagent's model refused the task.]";
                default -> null;
            };
            String text = note == null ? answer : answer.isBlank() ? note : answer + "\n\n" + note;
            return ToolOutcome.text(text.isBlank() ? "[The subagent ended without an answer.]" : text);
        } finally {
            slots.release();
        }
    }

    /** Waits for a free slot; throws when the turn is cancelled first. */
    private void acquire(Cancellation cancellation) {
        try {
            while (!slots.tryAcquire(50, TimeUnit.MILLISECONDS)) {
                cancellation.throwIfCancelled();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
        if (cancellation.isCancelled()) {
            slots.release();
            throw new CancelledException();
        }
    }

    /** The text of the child's last model message. */
    private static String lastAnswer(SubagentHost.Child child) {
        List<ModelMessage> messages = child.conversation().forRequest();
        for (int i = messages.size() - 1; i >= 0; i--) {
            ModelMessage message = messages.get(i);
            if (message.role() == ModelMessage.Role.ASSISTANT) {
                StringBuilder text = new StringBuilder();
                message.parts().stream().filter(Part.Text.class::isInstance).forEach(p -> text.append(((Part.Text) p).text()));
                if (!text.isEmpty()) {
                    return text.toString().strip();
                }
            }
        }
        return "";
    }

    /** One line of at most 80 characters, without control or format characters (bidi overrides, zero-width ones). */
    static String clip(String text) {
        String line = text.replaceAll("[\\p{Cc}\\p{Cf}]", " ").strip().replaceAll("\\s+", " ");
        return line.length() <= 80 ? line : line.substring(0, 79) + "…";
    }

    private static final class Limits {
        final AtomicLong tokens = new AtomicLong();
        volatile String reason;
    }
}
