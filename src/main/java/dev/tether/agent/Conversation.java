package dev.tether.agent;

import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.model.Usage;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The model-facing history of a session. Every appended message is also handed to the
 * durable sink (the transcript) as it is added; a compaction hands the whole new history to
 * the compaction sink, so a restored session starts from the compacted context.
 */
public final class Conversation {
    private final List<ModelMessage> messages = new ArrayList<>();
    private final Consumer<ModelMessage> durable;
    private final Consumer<List<ModelMessage>> compacted;
    /** The context the provider last reported, and how many messages it covered; -1: not known. */
    private long reportedTokens = -1;
    private int reportedAt;

    public Conversation(List<ModelMessage> restored, Consumer<ModelMessage> durable) {
        this(restored, durable, history -> { });
    }

    /** @param compacted receives the whole history that replaced the old one after a compaction */
    public Conversation(List<ModelMessage> restored, Consumer<ModelMessage> durable, Consumer<List<ModelMessage>> compacted) {
        this.messages.addAll(restored);
        this.durable = durable;
        this.compacted = compacted;
    }

    public synchronized void add(ModelMessage message) {
        messages.add(message);
        durable.accept(message);
    }

    /**
     * The messages for a model request. Every tool use without a result gets an error result
     * ({@link ToolPairing}), and consecutive messages of the same role are merged, because
     * model APIs want roles to alternate and a cancelled or crashed turn can leave two user
     * messages in a row.
     */
    public synchronized List<ModelMessage> forRequest() {
        return normalise(messages);
    }

    /** {@code history} as a model API takes it: every tool use answered, roles alternating. */
    static List<ModelMessage> normalise(List<ModelMessage> history) {
        List<ModelMessage> merged = new ArrayList<>();
        for (ModelMessage message : ToolPairing.repair(history)) {
            if (!merged.isEmpty() && merged.getLast().role() == message.role()) {
                ModelMessage previous = merged.removeLast();
                List<Part> parts = new ArrayList<>(previous.parts());
                if (message.role() == ModelMessage.Role.USER) {
                    // Tool results must come first in a user message.
                    List<Part> results = new ArrayList<>();
                    List<Part> others = new ArrayList<>();
                    for (Part p : concat(parts, message.parts())) {
                        (p instanceof Part.ToolResult ? results : others).add(p);
                    }
                    results.addAll(others);
                    parts = results;
                } else {
                    parts.addAll(message.parts());
                }
                merged.add(new ModelMessage(message.role(), parts));
            } else {
                merged.add(message);
            }
        }
        return List.copyOf(merged);
    }

    private static List<Part> concat(List<Part> a, List<Part> b) {
        List<Part> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    public synchronized int size() {
        return messages.size();
    }

    /** The history as it is now, repaired (not merged), and how many stored messages it covers. */
    record Snapshot(List<ModelMessage> history, int covered) {}

    synchronized Snapshot snapshot() {
        return new Snapshot(ToolPairing.repair(messages), messages.size());
    }

    /** Remembers the context a model response occupied, as its provider reported it. */
    public synchronized void usageReported(Usage usage) {
        if (usage.contextTokens() > 0) {
            reportedTokens = usage.contextTokens();
            reportedAt = messages.size();
        }
    }

    /**
     * The tokens the next request would occupy: the provider's last figure plus an estimate of
     * what was added since, or an estimate of everything when no figure is known (a restored or
     * just compacted session).
     */
    public synchronized long estimateTokens(String system, List<ToolDefinition> tools) {
        if (reportedTokens >= 0 && reportedAt <= messages.size()) {
            return reportedTokens + TokenEstimate.messages(messages.subList(reportedAt, messages.size()));
        }
        return TokenEstimate.request(system, tools) + TokenEstimate.messages(messages);
    }

    /**
     * Replaces the first {@code covered} messages with {@code replacement}; messages added since
     * the compaction read the history stay after it.
     */
    synchronized void replace(int covered, List<ModelMessage> replacement) {
        List<ModelMessage> next = new ArrayList<>(replacement);
        next.addAll(messages.subList(Math.min(covered, messages.size()), messages.size()));
        messages.clear();
        messages.addAll(next);
        reportedTokens = -1;
        compacted.accept(List.copyOf(next));
    }
}
