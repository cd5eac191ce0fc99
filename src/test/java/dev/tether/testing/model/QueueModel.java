package dev.tether.testing.model;

import dev.tether.base.Cancellation;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelInfo;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Part;
import dev.tether.model.Usage;
import dev.tether.session.ModelCatalog;
import dev.tether.session.api.SessionOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.JsonNode;

/**
 * A model for unit tests: answers each request with the next queued response, streaming its
 * text through the events, and records every request it received.
 */
public final class QueueModel implements ModelProvider, ModelCatalog {
    /** One queued answer: optional visible reasoning, then text, then tool calls, ending for {@code stop}. */
    public record Reply(String thinking, String text, List<Part.ToolUse> toolUses, ModelStopReason stop, Duration delay) {
        public static Reply text(String text) {
            return new Reply("", text, List.of(), ModelStopReason.END_TURN, Duration.ZERO);
        }

        public static Reply tools(Part.ToolUse... uses) {
            return new Reply("", "", List.of(uses), uses.length == 0 ? ModelStopReason.END_TURN : ModelStopReason.TOOL_USE, Duration.ZERO);
        }

        public Reply delayed(Duration pause) {
            return new Reply(thinking, text, toolUses, stop, pause);
        }

        /** The same answer, ended for another reason (a limit, a refusal). */
        public Reply stoppedBy(ModelStopReason reason) {
            return new Reply(thinking, text, toolUses, reason, delay);
        }

        /** The same answer, streamed after some visible reasoning. */
        public Reply thinkingFirst(String thought) {
            return new Reply(thought, text, toolUses, stop, delay);
        }
    }

    /** The usage every response reports. */
    public static final Usage USAGE = new Usage(10, 5, 0, 0);

    private final ConcurrentLinkedQueue<java.util.function.Function<ModelRequest, Reply>> replies = new ConcurrentLinkedQueue<>();
    private final List<ModelRequest> requests = new CopyOnWriteArrayList<>();
    private volatile String missingCredentials;

    public QueueModel then(Reply reply) {
        replies.add(request -> reply);
        return this;
    }

    /** A reply made from the request it answers (e.g. one that quotes an id from a tool result). */
    public QueueModel thenAnswer(java.util.function.Function<ModelRequest, Reply> reply) {
        replies.add(reply);
        return this;
    }

    public static Part.ToolUse use(String id, String name, JsonNode input) {
        return new Part.ToolUse(id, name, input);
    }

    public QueueModel missingCredentials(String message) {
        this.missingCredentials = message;
        return this;
    }

    public List<ModelRequest> requests() {
        return List.copyOf(requests);
    }

    @Override
    public ModelInfo info() {
        return new ModelInfo("test", "queue", false, false, 100_000);
    }

    @Override
    public ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
        requests.add(request);
        var next = replies.poll();
        Reply reply = next == null ? null : next.apply(request);
        if (reply == null) {
            throw new ModelException(ModelException.Kind.SCRIPT, "no reply queued");
        }
        if (!reply.delay().isZero()) {
            cancellation.sleep(reply.delay());
        }
        List<Part> parts = new ArrayList<>();
        if (!reply.thinking().isEmpty()) {
            events.onThinking(reply.thinking());
            parts.add(new Part.Thinking(reply.thinking(), null));
        }
        if (!reply.text().isEmpty()) {
            events.onText(reply.text());
            parts.add(new Part.Text(reply.text()));
        }
        for (Part.ToolUse use : reply.toolUses()) {
            events.onToolUse(use);
            parts.add(use);
        }
        return new ModelResponse(ModelMessage.assistant(parts), reply.stop(), USAGE);
    }

    @Override
    public String missingCredentials() {
        return missingCredentials;
    }

    @Override
    public String defaultModel() {
        return "queue";
    }

    @Override
    public List<SessionOption.Choice> models() {
        return List.of(new SessionOption.Choice("queue", "Queue", null));
    }

    @Override
    public ModelProvider open(String model) {
        return this;
    }
}
