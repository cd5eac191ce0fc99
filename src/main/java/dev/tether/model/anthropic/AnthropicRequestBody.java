package dev.tether.model.anthropic;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.ToolDefinition;
import dev.tether.model.ToolSchemaFit;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Maps a {@link ModelRequest} to a Messages API body. Never sends {@code temperature},
 * {@code top_p} or {@code top_k}: newer API versions reject them. Tool schemas go as given, but
 * for the root keywords the API refuses ({@link ToolSchemaFit}).
 *
 * @see <a href="https://docs.anthropic.com/en/api/messages">Messages API</a>
 */
final class AnthropicRequestBody {
    static final int LOW_BUDGET = 2048;
    static final int MEDIUM_BUDGET = 8192;
    static final int HIGH_BUDGET = 24576;

    private AnthropicRequestBody() {}

    static ObjectNode build(ModelRequest request, String model, int defaultMaxTokens) {
        ObjectNode body = Json.object();
        body.put("model", request.model() != null ? request.model() : model);
        int maxTokens = request.maxTokens() > 0 ? request.maxTokens() : defaultMaxTokens;
        int budget = budget(request.thinking());
        if (budget > 0 && maxTokens <= budget) {
            // The API requires max_tokens > budget_tokens; keep the caller's answer budget on top.
            maxTokens = budget + maxTokens;
        }
        body.put("max_tokens", maxTokens);
        body.put("stream", true);
        if (request.system() != null && !request.system().isBlank()) {
            ArrayNode system = body.putArray("system");
            system.add(text(request.system()).set("cache_control", ephemeral()));
        }
        body.set("messages", messages(request.messages()));
        if (!request.tools().isEmpty()) {
            ArrayNode tools = body.putArray("tools");
            for (ToolDefinition tool : request.tools()) {
                ObjectNode node = tools.addObject().put("name", tool.name());
                ToolSchemaFit.Fitted fitted = ToolSchemaFit.fit(tool, ToolSchemaFit.ANTHROPIC);
                if (fitted.description() != null) {
                    node.put("description", fitted.description());
                }
                node.set("input_schema", fitted.schema());
            }
            ((ObjectNode) tools.get(tools.size() - 1)).set("cache_control", ephemeral());
        }
        if (budget > 0) {
            body.putObject("thinking").put("type", "enabled").put("budget_tokens", budget);
        }
        return body;
    }

    static int budget(ThinkingLevel level) {
        if (level == null) {
            return 0;
        }
        return switch (level) {
            case OFF -> 0;
            case LOW -> LOW_BUDGET;
            case MEDIUM -> MEDIUM_BUDGET;
            case HIGH -> HIGH_BUDGET;
        };
    }

    private static ArrayNode messages(List<ModelMessage> messages) {
        ArrayNode out = Json.array();
        int newestUser = -1;
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).role() == ModelMessage.Role.USER) {
                newestUser = i;
            }
        }
        for (int i = 0; i < messages.size(); i++) {
            ModelMessage message = messages.get(i);
            ArrayNode content = message.role() == ModelMessage.Role.USER ? userContent(message.parts()) : assistantContent(message.parts());
            if (i == newestUser && !content.isEmpty()) {
                ((ObjectNode) content.get(content.size() - 1)).set("cache_control", ephemeral());
            }
            ObjectNode node = out.addObject();
            node.put("role", message.role() == ModelMessage.Role.USER ? "user" : "assistant");
            node.set("content", content);
        }
        return out;
    }

    private static ArrayNode userContent(List<Part> parts) {
        // The API wants a user turn's tool_result blocks before anything else in it.
        List<Part> ordered = new ArrayList<>(parts.size());
        parts.stream().filter(p -> p instanceof Part.ToolResult).forEach(ordered::add);
        parts.stream().filter(p -> !(p instanceof Part.ToolResult)).forEach(ordered::add);
        ArrayNode content = Json.array();
        for (Part part : ordered) {
            content.add(block(part));
        }
        return content;
    }

    private static ArrayNode assistantContent(List<Part> parts) {
        ArrayNode content = Json.array();
        for (Part part : parts) {
            // The API rejects empty text blocks; an empty one carries nothing to send back.
            if (part instanceof Part.Text text && text.text().isEmpty()) {
                continue;
            }
            content.add(block(part));
        }
        return content;
    }

    private static ObjectNode block(Part part) {
        return switch (part) {
            case Part.Text text -> text(text.text());
            case Part.Image image -> image(image);
            case Part.Thinking thinking -> {
                ObjectNode node = Json.object().put("type", "thinking").put("thinking", thinking.text());
                if (thinking.signature() != null) {
                    node.put("signature", thinking.signature());
                }
                yield node;
            }
            case Part.RedactedThinking redacted -> Json.object().put("type", "redacted_thinking").put("data", redacted.data());
            case Part.ToolUse use -> {
                ObjectNode node = Json.object().put("type", "tool_use").put("id", use.id()).put("name", use.name());
                node.set("input", use.input() != null ? use.input() : Json.object());
                yield node;
            }
            case Part.ToolResult result -> {
                ObjectNode node = Json.object().put("type", "tool_result").put("tool_use_id", result.toolUseId());
                ArrayNode content = node.putArray("content");
                for (Part inner : result.content()) {
                    switch (inner) {
                        case Part.Text text -> content.add(text(text.text()));
                        case Part.Image image -> content.add(image(image));
                        default -> throw new IllegalArgumentException("a tool result holds only text and images, not " + inner);
                    }
                }
                if (result.isError()) {
                    node.put("is_error", true);
                }
                yield node;
            }
        };
    }

    private static ObjectNode text(String text) {
        return Json.object().put("type", "text").put("text", text);
    }

    private static ObjectNode image(Part.Image image) {
        ObjectNode node = Json.object().put("type", "image");
        node.putObject("source").put("type", "base64").put("media_type", image.mimeType()).put("data", image.base64());
        return node;
    }

    private static ObjectNode ephemeral() {
        return Json.object().put("type", "ephemeral");
    }
}
