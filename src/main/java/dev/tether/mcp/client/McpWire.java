package dev.tether.mcp.client;

import dev.tether.json.Json;
import dev.tether.jsonrpc.SpilledString;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.api.McpToolInfo;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Reads MCP result objects into our records. Lenient about extra fields, strict about shape. */
final class McpWire {
    private McpWire() {}

    static McpToolInfo tool(JsonNode node) {
        return tool(node, McpToolInfo.TaskSupport.FORBIDDEN);
    }

    /** @param unstated the task support of a tool without {@code execution.taskSupport} */
    static McpToolInfo tool(JsonNode node, McpToolInfo.TaskSupport unstated) {
        String name = text(node, "name");
        if (name == null || name.isEmpty()) {
            throw new McpError.Malformed("server listed a tool without a name");
        }
        JsonNode ann = node.get("annotations");
        McpToolInfo.Hints hints = ann == null || !ann.isObject() ? McpToolInfo.Hints.NONE
                : new McpToolInfo.Hints(text(ann, "title"), bool(ann, "readOnlyHint"), bool(ann, "destructiveHint"),
                        bool(ann, "idempotentHint"), bool(ann, "openWorldHint"));
        JsonNode meta = node.get("_meta");
        boolean alwaysLoad = meta != null && meta.isObject()
                && (Boolean.TRUE.equals(bool(meta, "anthropic/alwaysLoad")) || Boolean.TRUE.equals(bool(meta, "alwaysLoad")));
        String support = text(node.path("execution"), "taskSupport");
        return new McpToolInfo(name, text(node, "title"), text(node, "description"),
                object(node, "inputSchema"), object(node, "outputSchema"), hints,
                support == null ? unstated : McpToolInfo.TaskSupport.of(support), alwaysLoad);
    }

    /** The params of a {@code tools/call}: the tool's name and its arguments (an empty object for none). */
    static ObjectNode toolCall(String name, JsonNode arguments) {
        ObjectNode params = Json.object();
        params.put("name", name);
        params.set("arguments", arguments == null || arguments.isNull() ? Json.object() : arguments);
        return params;
    }

    /** The text a task's creation answer carries for the model while the task runs ({@link TaskRequests#IMMEDIATE_RESPONSE}), or null. */
    static String immediateResponse(JsonNode result) {
        JsonNode meta = result == null ? null : result.get("_meta");
        JsonNode immediate = meta == null ? null : meta.get(TaskRequests.IMMEDIATE_RESPONSE);
        return immediate != null && immediate.isString() ? immediate.asString() : null;
    }

    static McpCallResult callResult(JsonNode result) {
        if (result == null || !result.isObject()) {
            throw new McpError.Malformed("server sent a tool result that is not an object");
        }
        List<McpContent> content = new ArrayList<>();
        JsonNode items = result.get("content");
        if (items != null && items.isArray()) {
            for (JsonNode item : items) {
                content.add(content(item));
            }
        }
        JsonNode structured = result.get("structuredContent");
        return new McpCallResult(content, structured == null || structured.isNull() ? null : structured,
                result.path("isError").asBoolean(false));
    }

    /** A {@code Task} object; one without an id, status or creation time is malformed. */
    static McpTaskState task(JsonNode node, String what) {
        String id = text(node, "taskId");
        String status = text(node, "status");
        String created = text(node, "createdAt");
        if (id == null || id.isEmpty() || status == null || created == null) {
            throw new McpError.Malformed(what + " answered without a valid task (taskId, status and createdAt are required)");
        }
        JsonNode poll = node.get("pollInterval");
        return new McpTaskState(id, McpTaskState.Status.of(status), text(node, "statusMessage"), created,
                poll != null && poll.isIntegralNumber() ? poll.asLong() : null);
    }

    static McpContent content(JsonNode item) {
        String type = text(item, "type");
        SpilledString spilled = SpilledString.of(item.get("text"));
        if (spilled != null && !"text".equals(type)) {
            spilled.close(); // only a text item's text is read
        }
        if (type == null) {
            return new McpContent.Unknown("(none)");
        }
        return switch (type) {
            case "text" -> spilled != null ? new McpContent.SpilledText(spilled) : new McpContent.Text(nonNull(text(item, "text")));
            case "image" -> new McpContent.Image(nonNull(text(item, "data")), text(item, "mimeType"));
            case "audio" -> new McpContent.Audio(nonNull(text(item, "data")), text(item, "mimeType"));
            case "resource_link" -> new McpContent.ResourceLink(text(item, "uri"), text(item, "name"), text(item, "title"),
                    text(item, "description"), text(item, "mimeType"),
                    item.has("size") && item.get("size").isIntegralNumber() ? item.get("size").asLong() : null);
            case "resource" -> {
                JsonNode r = item.path("resource");
                yield r.has("blob")
                        ? new McpContent.BlobResource(text(r, "uri"), text(r, "mimeType"), nonNull(text(r, "blob")))
                        : new McpContent.TextResource(text(r, "uri"), text(r, "mimeType"), nonNull(text(r, "text")));
            }
            default -> new McpContent.Unknown(type);
        };
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value != null && value.isString() ? value.asString() : null;
    }

    private static Boolean bool(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isBoolean() ? value.asBoolean() : null;
    }

    private static JsonNode object(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isObject() ? value : null;
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
