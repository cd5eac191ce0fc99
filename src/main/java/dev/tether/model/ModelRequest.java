package dev.tether.model;

import java.util.List;

/**
 * One request to the model: the whole conversation so far and the tools it may call.
 *
 * @param purpose why the request is made: the conversation's next step, or a summary of it
 *                (a compaction, sent without tools)
 */
public record ModelRequest(
        String model,
        String system,
        List<ModelMessage> messages,
        List<ToolDefinition> tools,
        int maxTokens,
        ThinkingLevel thinking,
        Purpose purpose) {

    /** Why a request is made; providers send both alike, a scripted model can tell them apart. */
    public enum Purpose { CONVERSATION, COMPACTION }

    public ModelRequest {
        messages = List.copyOf(messages);
        tools = List.copyOf(tools);
    }

    /** A request for the conversation's next step. */
    public ModelRequest(String model, String system, List<ModelMessage> messages, List<ToolDefinition> tools, int maxTokens,
                        ThinkingLevel thinking) {
        this(model, system, messages, tools, maxTokens, thinking, Purpose.CONVERSATION);
    }
}
