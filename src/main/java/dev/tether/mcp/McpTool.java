package dev.tether.mcp;

import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolKind;
import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolFailure;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server's tool as the model and the editor see it. Strings from the server are
 * sanitised; traits come from the tool's annotations (hints, which a server may get wrong, so
 * only an explicit {@code destructiveHint: true} asks for confirmation every time).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools">MCP tools</a>
 */
public final class McpTool implements Tool {
    private final String name;
    private final McpConnection connection;
    private final McpToolInfo info;
    private final McpRuntimeOptions options;
    private final ToolDefinition definition;
    private final ToolTraits traits;

    McpTool(String name, McpConnection connection, McpToolInfo info, McpRuntimeOptions options) {
        this.name = name;
        this.connection = connection;
        this.info = info;
        this.options = options;
        this.definition = new ToolDefinition(name, description(info), schema(info.inputSchema()));
        this.traits = traits(info.hints(), connection.name());
    }

    static ToolTraits traits(McpToolInfo.Hints hints, String server) {
        boolean readOnly = Boolean.TRUE.equals(hints.readOnly());
        ToolKind kind = readOnly ? ToolKind.READ : Boolean.TRUE.equals(hints.openWorld()) ? ToolKind.FETCH : ToolKind.OTHER;
        ToolTraits.Category category = readOnly ? ToolTraits.Category.READ : ToolTraits.Category.EXTERNAL;
        return new ToolTraits(kind, category, Boolean.TRUE.equals(hints.destructive()), server);
    }

    /** Descriptions are model context the server controls: keep them to a few KB. */
    static final int MAX_DESCRIPTION_BYTES = 4096;

    private static String description(McpToolInfo info) {
        String text = info.description() != null ? info.description() : info.title() != null ? info.title() : info.name();
        return Redactor.cap(UnicodeSanitizer.clean(text), MAX_DESCRIPTION_BYTES);
    }

    private static JsonNode schema(JsonNode input) {
        if (input == null) {
            ObjectNode empty = Json.object();
            empty.put("type", "object");
            return empty;
        }
        return input;
    }

    /** The tool's name on its server. */
    public String rawName() {
        return info.name();
    }

    public String server() {
        return connection.name();
    }

    @Override
    public ToolDefinition definition() {
        return definition;
    }

    @Override
    public ToolTraits traits() {
        return traits;
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        String title = info.title() != null ? info.title() : info.hints().title();
        String shown = title != null && !title.isBlank() ? title : connection.name() + ": " + info.name();
        return ToolCallView.of(UnicodeSanitizer.clean(shown), traits.kind());
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolFailure {
        McpCallResult result;
        try {
            result = connection.call(info.name(), input, context.cancellation(), progress -> report(progress, context));
        } catch (McpException e) {
            throw new ToolFailure(Redactor.redact(connection.name() + ": " + e.getMessage()));
        }
        return ToolResults.map(result, options.maxInlineTextBytes(), options.maxImageBase64Bytes());
    }

    private static void report(McpProgress progress, ToolContext context) {
        String text = progressText(progress);
        ToolCallFields fields = new ToolCallFields(context.toolCallId(), null, null, null,
                List.of(ToolCallContent.Content.text(text)), null, null, null);
        context.updates().send(new SessionUpdate.ToolCallUpdate(fields));
    }

    /** "42/100 — step 3": the numbers, then the server's message (sanitised). */
    static String progressText(McpProgress progress) {
        StringBuilder text = new StringBuilder(number(progress.progress()));
        if (progress.total() != null) {
            text.append('/').append(number(progress.total()));
        }
        if (progress.message() != null && !progress.message().isBlank()) {
            text.append(" — ").append(Redactor.cap(UnicodeSanitizer.clean(progress.message()).strip(), 200));
        }
        return text.toString();
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
