package dev.tether.mcp.interaction.sampling;

import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.List;
import java.util.Locale;

/**
 * A server's {@code sampling/createMessage} that passed the runtime's checks (no tools, no
 * context inclusion, no task augmentation, one at a time per server), with sanitised text.
 *
 * <p>The user approves what is sent: {@link #transcript()} is every word of the request, and a
 * request whose transcript is longer than {@link #MAX_REVIEW_CHARS} is refused before anyone is
 * asked, so a host shows the transcript whole — never a preview of a longer request.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/sampling">MCP sampling</a>
 */
public record Sampling(String server, List<ModelMessage> messages, String systemPrompt, int maxTokens) {
    /** The longest transcript a user is asked to approve; a longer request is refused. */
    public static final int MAX_REVIEW_CHARS = 32_000;

    public Sampling {
        messages = List.copyOf(messages);
    }

    /**
     * The request as the user reviews it: the system prompt, then each message with its role and
     * all its text; an image appears as its media type and size.
     */
    public String transcript() {
        StringBuilder text = new StringBuilder();
        if (systemPrompt != null && !systemPrompt.isBlank()) {
            text.append("system: ").append(systemPrompt).append('\n');
        }
        for (ModelMessage message : messages) {
            text.append(message.role().name().toLowerCase(Locale.ROOT)).append(": ");
            for (Part part : message.parts()) {
                text.append(switch (part) {
                    case Part.Text t -> t.text();
                    case Part.Image image -> "[image " + image.mimeType() + ", " + image.base64().length() * 3 / 4 / 1024 + " KB]";
                    default -> "[" + part.getClass().getSimpleName().toLowerCase(Locale.ROOT) + "]";
                });
            }
            text.append('\n');
        }
        return text.toString();
    }
}
