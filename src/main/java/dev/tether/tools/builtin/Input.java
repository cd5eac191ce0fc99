package dev.tether.tools.builtin;

import dev.tether.tools.ToolError;
import dev.tether.tools.Workspace;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;

/**
 * Reads a tool's JSON input with messages the model can act on ("edit_file: old_string is
 * required"). Wrong types are errors, not silent coercions.
 */
final class Input {
    private final String tool;
    private final JsonNode node;

    private Input(String tool, JsonNode node) {
        this.tool = tool;
        this.node = node;
    }

    static Input of(String tool, JsonNode node) throws ToolError.TellModel {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return new Input(tool, dev.tether.json.Json.object());
        }
        if (!node.isObject()) {
            throw new ToolError.TellModel(tool + ": input must be a JSON object");
        }
        return new Input(tool, node);
    }

    ToolError.TellModel failure(String message) {
        return new ToolError.TellModel(tool + ": " + message);
    }

    String requiredString(String field) throws ToolError.TellModel {
        String value = optionalString(field);
        if (value == null || value.isEmpty()) {
            throw failure(field + " is required");
        }
        return value;
    }

    /** A string that must be present but may be empty (file content, replacement text). */
    String presentString(String field) throws ToolError.TellModel {
        String value = optionalString(field);
        if (value == null) {
            throw failure(field + " is required");
        }
        return value;
    }

    String optionalString(String field) throws ToolError.TellModel {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw failure(field + " must be a string");
        }
        return value.asString();
    }

    Integer optionalInt(String field, int min) throws ToolError.TellModel {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw failure(field + " must be an integer");
        }
        int n = value.asInt();
        if (n < min) {
            throw failure(field + " must be at least " + min);
        }
        return n;
    }

    Long optionalLong(String field, long min) throws ToolError.TellModel {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw failure(field + " must be an integer");
        }
        long n = value.asLong();
        if (n < min) {
            throw failure(field + " must be at least " + min);
        }
        return n;
    }

    boolean optionalBoolean(String field) throws ToolError.TellModel {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw failure(field + " must be true or false");
        }
        return value.asBoolean();
    }

    JsonNode get(String field) {
        return node.get(field);
    }

    /** Resolves a path field inside the workspace; {@code fallback} when absent (null = required). */
    Path path(Workspace workspace, String field, String fallback) throws ToolError.TellModel {
        String raw = optionalString(field);
        if (raw == null || raw.isEmpty()) {
            if (fallback == null) {
                throw failure(field + " is required");
            }
            raw = fallback;
        }
        try {
            return workspace.resolve(raw);
        } catch (ToolError.TellModel e) {
            throw failure(e.getMessage());
        }
    }
}
