package dev.tether.model;

import java.util.List;

/** One request to the model: the whole conversation so far and the tools it may call. */
public record ModelRequest(
        String model,
        String system,
        List<ModelMessage> messages,
        List<ToolDefinition> tools,
        int maxTokens,
        ThinkingLevel thinking) {
    public ModelRequest {
        messages = List.copyOf(messages);
        tools = List.copyOf(tools);
    }
}
