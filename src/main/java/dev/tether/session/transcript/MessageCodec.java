package dev.tether.session.transcript;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Model messages to and from the transcript's JSON. */
final class MessageCodec {
    private MessageCodec() {}

    static ObjectNode encode(ModelMessage message) {
        ObjectNode node = Json.object();
        node.put("role", message.role().name().toLowerCase(java.util.Locale.ROOT));
        ArrayNode parts = node.putArray("parts");
        for (Part part : message.parts()) {
            parts.add(encode(part));
        }
        return node;
    }

    private static ObjectNode encode(Part part) {
        ObjectNode node = Json.object();
        switch (part) {
            case Part.Text t -> node.put("type", "text").put("text", t.text());
            case Part.Image i -> node.put("type", "image").put("mimeType", i.mimeType()).put("data", i.base64());
            case Part.Thinking t -> node.put("type", "thinking").put("text", t.text()).put("signature", t.signature());
            case Part.RedactedThinking r -> node.put("type", "redacted_thinking").put("data", r.data());
            case Part.ToolUse u -> {
                node.put("type", "tool_use").put("id", u.id()).put("name", u.name());
                node.set("input", u.input());
            }
            case Part.ToolResult r -> {
                node.put("type", "tool_result").put("toolUseId", r.toolUseId()).put("isError", r.isError());
                ArrayNode content = node.putArray("content");
                r.content().forEach(c -> content.add(encode(c)));
            }
        }
        return node;
    }

    static ModelMessage decode(JsonNode node) {
        ModelMessage.Role role = "assistant".equals(node.path("role").asString()) ? ModelMessage.Role.ASSISTANT : ModelMessage.Role.USER;
        List<Part> parts = new ArrayList<>();
        for (JsonNode p : node.path("parts")) {
            Part part = decodePart(p);
            if (part != null) {
                parts.add(part);
            }
        }
        return new ModelMessage(role, parts);
    }

    private static Part decodePart(JsonNode p) {
        return switch (p.path("type").asString("")) {
            case "text" -> new Part.Text(p.path("text").asString(""));
            case "image" -> new Part.Image(p.path("mimeType").asString(""), p.path("data").asString(""));
            case "thinking" -> new Part.Thinking(p.path("text").asString(""), p.path("signature").asString(null));
            case "redacted_thinking" -> new Part.RedactedThinking(p.path("data").asString(""));
            case "tool_use" -> new Part.ToolUse(p.path("id").asString(""), p.path("name").asString(""),
                    p.has("input") ? p.get("input") : Json.object());
            case "tool_result" -> {
                List<Part> content = new ArrayList<>();
                for (JsonNode c : p.path("content")) {
                    Part part = decodePart(c);
                    if (part != null) {
                        content.add(part);
                    }
                }
                yield new Part.ToolResult(p.path("toolUseId").asString(""), content, p.path("isError").asBoolean(false));
            }
            default -> null;
        };
    }
}
