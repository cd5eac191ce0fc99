package dev.tether.mcp.content;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpError;
import dev.tether.model.ToolDefinition;
import dev.tether.security.Redactor;
import dev.tether.security.SecretCuts;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import tools.jackson.databind.JsonNode;

/**
 * Shared shape of the content model tools: read-only (category READ, so auto-allowed), source
 * {@code mcp}, a refusal or failure of the runtime becomes a readable {@link ToolError.TellModel}
 * (masked, sanitised and redacted before it is capped: {@link SecretCuts}).
 */
abstract class ContentTool implements Tool {
    static final ToolTraits TRAITS = new ToolTraits(ToolKind.READ, ToolTraits.Category.READ, false, "mcp");

    final ContentAccess access;
    final SecretCuts cuts;
    private final ToolDefinition definition;

    ContentTool(ContentAccess access, SecretCuts cuts, String name, String description, String schema) {
        this.access = access;
        this.cuts = cuts;
        this.definition = new ToolDefinition(name, description, Json.parse(schema));
    }

    @Override
    public ToolDefinition definition() {
        return definition;
    }

    @Override
    public ToolTraits traits() {
        return TRAITS;
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        return ToolCallView.of(title(input == null ? Json.object() : input), ToolKind.READ);
    }

    abstract String title(JsonNode input);

    abstract ToolOutcome call(JsonNode input, ToolContext context) throws ToolError.TellModel;

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        try {
            return call(input == null ? Json.object() : input, context);
        } catch (McpError e) {
            throw new ToolError.TellModel(cuts.redact(String.valueOf(e.getMessage()), Redactor.DEFAULT_MAX_BYTES));
        }
    }

    static String string(JsonNode input, String field, boolean required) throws ToolError.TellModel {
        JsonNode value = input.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw new ToolError.TellModel("\"" + field + "\" is required");
            }
            return null;
        }
        if (!value.isString()) {
            throw new ToolError.TellModel("\"" + field + "\" must be a string");
        }
        return value.asString();
    }

    /** A short single line of server text (a name, a title): masked before it is capped. */
    String serverLine(String s) {
        return cuts.cap(cuts.clean(s).replaceAll("[\\r\\n\\t]+", " ").strip(), 200);
    }

    /** A short single line for titles (the model's own arguments). */
    static String line(String s) {
        return s == null ? "" : Redactor.cap(UnicodeSanitizer.clean(s).replaceAll("[\\r\\n\\t]+", " ").strip(), 200);
    }
}
