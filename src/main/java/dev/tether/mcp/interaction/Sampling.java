package dev.tether.mcp.interaction;

import dev.tether.model.ModelMessage;
import java.util.List;

/**
 * A server's {@code sampling/createMessage} that passed the runtime's checks (no tools, no
 * context inclusion, no task augmentation, one at a time per server), with sanitised text.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/sampling">MCP sampling</a>
 */
public record Sampling(String server, List<ModelMessage> messages, String systemPrompt, int maxTokens) {
    public Sampling {
        messages = List.copyOf(messages);
    }
}
