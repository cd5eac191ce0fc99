package dev.tether.agent;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Compacts a conversation: one model request without tools asks for a summary of the older
 * messages ({@link CompactionPlan}), and the summary replaces them. The request obeys the turn's
 * cancellation; a cancelled or failed compaction leaves the conversation as it was. Progress is
 * reported as {@link TurnEvent}s.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/prompt-turn#session-compaction">ACP session compaction</a>
 */
public final class Compactor {
    /** What the model is asked, after the messages it summarises. */
    static final String INSTRUCTION = """
            Tether is compacting this conversation to stay within the model's context window. Write a summary \
            of the conversation so far that lets you continue the work without it: the user's goals and \
            constraints, decisions made, files and commands involved with what was learnt from them, and \
            what remains to be done. Reply with the summary only; do not call tools.""";
    /** How the summary opens the compacted history, so the model knows what it reads. */
    public static final String SUMMARY_HEADER = "[Tether compacted the earlier conversation into this summary]\n\n";

    /** How a compaction ended. */
    public enum Status { COMPLETED, FAILED, CANCELLED }

    /** How one compaction ended, or that there was nothing to compact ({@code status} null). */
    public record Outcome(Status status, String error) {
        static final Outcome NOTHING = new Outcome(null, null);
    }

    /** What the summary request is sent with: the turn's model, system prompt and output budget. */
    public record Request(String model, String system, int maxTokens) {}

    private final ModelProvider provider;
    private final Conversation conversation;
    private final TurnListener listener;

    public Compactor(ModelProvider provider, Conversation conversation, TurnListener listener) {
        this.provider = provider;
        this.conversation = conversation;
        this.listener = listener;
    }

    /** Compacts now; never throws for the model's failure or the user's cancellation (see {@link Outcome}). */
    public Outcome compact(Request settings, Cancellation cancellation) {
        Conversation.Snapshot snapshot = conversation.snapshot();
        Optional<CompactionPlan> found = CompactionPlan.of(snapshot.history());
        if (found.isEmpty()) {
            return Outcome.NOTHING;
        }
        CompactionPlan plan = found.get();
        String id = "compaction-" + UUID.randomUUID();
        listener.on(new TurnEvent.CompactionStarted(id));
        List<ModelMessage> messages = new ArrayList<>(plan.summarised());
        messages.add(ModelMessage.user(List.of(new Part.Text(INSTRUCTION))));
        ModelRequest request = new ModelRequest(settings.model(), settings.system(), Conversation.normalise(messages), List.of(),
                settings.maxTokens(), ThinkingLevel.OFF, ModelRequest.Purpose.COMPACTION);
        String summary;
        try {
            ModelResponse response = provider.stream(request, new SummaryEvents(id), cancellation);
            summary = text(response);
        } catch (CancelledException e) {
            return ended(id, Status.CANCELLED, null);
        } catch (ModelException e) {
            return ended(id, Status.FAILED, e.getMessage());
        }
        if (cancellation.isCancelled()) {
            return ended(id, Status.CANCELLED, null);
        }
        if (summary.isBlank()) {
            return ended(id, Status.FAILED, "the model returned no summary");
        }
        List<ModelMessage> replacement = new ArrayList<>();
        replacement.add(ModelMessage.user(List.of(new Part.Text(SUMMARY_HEADER + summary.strip()))));
        replacement.addAll(plan.kept());
        conversation.replace(snapshot.covered(), replacement);
        listener.on(new TurnEvent.CompactionEnded(id, Status.COMPLETED, plan.summarised().size(), null));
        return new Outcome(Status.COMPLETED, null);
    }

    private Outcome ended(String id, Status status, String error) {
        listener.on(new TurnEvent.CompactionEnded(id, status, 0, error));
        return new Outcome(status, error);
    }

    private static String text(ModelResponse response) {
        StringBuilder text = new StringBuilder();
        for (Part part : response.message().parts()) {
            if (part instanceof Part.Text t) {
                text.append(t.text());
            }
        }
        return text.toString();
    }

    /** The summary's text as compaction chunks; thinking and tool calls are not part of it. */
    private final class SummaryEvents implements ModelEvents {
        private final String id;

        SummaryEvents(String id) {
            this.id = id;
        }

        @Override
        public void onText(String delta) {
            if (!delta.isEmpty()) {
                listener.on(new TurnEvent.CompactionChunk(id, delta));
            }
        }

        @Override
        public void onThinking(String delta) {
            // A summary request asks for no thinking; a model that thinks anyway keeps it to itself.
        }

        @Override
        public void onToolUse(Part.ToolUse toolUse) {
            // Offered no tools, a call is ignored: the summary is the text.
        }
    }
}
