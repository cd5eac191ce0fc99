package dev.tether.agent;

import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The model-facing history of a session. Every appended message is also handed to the
 * durable sink (the transcript) as it is added.
 */
public final class Conversation {
    private final List<ModelMessage> messages = new ArrayList<>();
    private final Consumer<ModelMessage> durable;

    public Conversation(List<ModelMessage> restored, Consumer<ModelMessage> durable) {
        this.messages.addAll(restored);
        this.durable = durable;
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
        List<ModelMessage> merged = new ArrayList<>();
        for (ModelMessage message : ToolPairing.repair(messages)) {
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
}
