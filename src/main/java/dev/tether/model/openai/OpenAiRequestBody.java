package dev.tether.model.openai;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.model.ToolSchemaFit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Maps a {@link ModelRequest} to a Chat Completions body. Thinking is neither requested nor
 * sent back: the compatible servers disagree on the knobs and reject unknown fields. Tool
 * schemas go as given, but for the root keywords the API refuses ({@link ToolSchemaFit}).
 *
 * @see <a href="https://platform.openai.com/docs/api-reference/chat/create">Create chat completion</a>
 */
final class OpenAiRequestBody {
    private OpenAiRequestBody() {}

    static ObjectNode build(ModelRequest request, String model, int defaultMaxTokens, boolean includeUsage) {
        ObjectNode body = Json.object();
        body.put("model", request.model() != null ? request.model() : model);
        body.put("stream", true);
        if (includeUsage) {
            body.putObject("stream_options").put("include_usage", true);
        }
        body.put("max_tokens", request.maxTokens() > 0 ? request.maxTokens() : defaultMaxTokens);
        ArrayNode messages = body.putArray("messages");
        if (request.system() != null && !request.system().isBlank()) {
            messages.addObject().put("role", "system").put("content", request.system());
        }
        for (ModelMessage message : request.messages()) {
            if (message.role() == ModelMessage.Role.USER) {
                addUser(messages, message.parts());
            } else {
                addAssistant(messages, message.parts());
            }
        }
        if (!request.tools().isEmpty()) {
            ArrayNode tools = body.putArray("tools");
            for (ToolDefinition tool : request.tools()) {
                ObjectNode function = tools.addObject().put("type", "function").putObject("function");
                function.put("name", tool.name());
                ToolSchemaFit.Fitted fitted = ToolSchemaFit.fit(tool, ToolSchemaFit.OPENAI);
                if (fitted.description() != null) {
                    function.put("description", fitted.description());
                }
                function.set("parameters", fitted.schema());
            }
        }
        return body;
    }

    private static void addUser(ArrayNode messages, List<Part> parts) {
        // Tool results are separate role:tool messages and must directly follow the
        // assistant message that asked for them, before any new user text.
        List<Part> rest = new ArrayList<>();
        List<Part> resultImages = new ArrayList<>();
        for (Part part : parts) {
            switch (part) {
                case Part.ToolResult result -> {
                    messages.addObject()
                            .put("role", "tool")
                            .put("tool_call_id", result.toolUseId())
                            .put("content", toolResultText(result));
                    List<Part> images = result.content().stream().filter(Part.Image.class::isInstance).toList();
                    if (!images.isEmpty()) {
                        resultImages.add(new Part.Text("The image" + (images.size() == 1 ? "" : "s") + " of tool call "
                                + result.toolUseId() + ":"));
                        resultImages.addAll(images);
                    }
                }
                default -> rest.add(part);
            }
        }
        // Chat Completions tool messages carry text only: a tool's images follow in a user message of their own.
        rest.addAll(0, resultImages);
        if (rest.isEmpty()) {
            return;
        }
        ObjectNode user = messages.addObject().put("role", "user");
        boolean onlyText = rest.stream().allMatch(p -> p instanceof Part.Text);
        if (onlyText) {
            // Plain strings are what every compatible server accepts.
            StringBuilder text = new StringBuilder();
            for (Part part : rest) {
                if (!text.isEmpty()) {
                    text.append("\n\n");
                }
                text.append(((Part.Text) part).text());
            }
            user.put("content", text.toString());
            return;
        }
        ArrayNode content = user.putArray("content");
        for (Part part : rest) {
            switch (part) {
                case Part.Text text -> content.addObject().put("type", "text").put("text", text.text());
                case Part.Image image -> content.addObject().put("type", "image_url").putObject("image_url")
                        .put("url", "data:" + image.mimeType() + ";base64," + image.base64());
                default -> { /* thinking and tool calls never appear in a user message */ }
            }
        }
    }

    private static String toolResultText(Part.ToolResult result) {
        StringBuilder text = new StringBuilder();
        if (result.isError()) {
            text.append("[tool error] ");
        }
        for (Part part : result.content()) {
            switch (part) {
                case Part.Text t -> text.append(t.text());
                case Part.Image image -> text.append("[image: ").append(image.mimeType()).append(", ")
                        .append(decodedSize(image.base64())).append(" bytes, in the user message that follows]");
                default -> { /* a tool result holds only text and images */ }
            }
        }
        return text.toString();
    }

    private static long decodedSize(String base64) {
        try {
            return Base64.getDecoder().decode(base64).length;
        } catch (IllegalArgumentException e) {
            return base64.length() * 3L / 4;
        }
    }

    private static void addAssistant(ArrayNode messages, List<Part> parts) {
        StringBuilder text = new StringBuilder();
        ArrayNode calls = Json.array();
        for (Part part : parts) {
            switch (part) {
                case Part.Text t -> text.append(t.text());
                case Part.ToolUse use -> {
                    ObjectNode call = calls.addObject().put("id", use.id()).put("type", "function");
                    call.putObject("function").put("name", use.name()).put("arguments", arguments(use.input()));
                }
                default -> { /* thinking is not sent back to Chat Completions */ }
            }
        }
        ObjectNode message = messages.addObject().put("role", "assistant");
        if (text.isEmpty()) {
            message.putNull("content");
        } else {
            message.put("content", text.toString());
        }
        if (!calls.isEmpty()) {
            message.set("tool_calls", calls);
        }
    }

    /** Arguments the model produced as invalid JSON were kept as a string; echo them verbatim. */
    private static String arguments(JsonNode input) {
        if (input == null) {
            return "{}";
        }
        return input.isString() ? input.asString() : Json.write(input);
    }
}
