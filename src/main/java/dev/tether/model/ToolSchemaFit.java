package dev.tether.model;

import dev.tether.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fits a tool's input schema to what a provider's API takes at its root, and changes nothing
 * else. The Messages API refuses {@code allOf}/{@code anyOf}/{@code oneOf} at the root of
 * {@code input_schema}, and OpenAI's Chat Completions also {@code enum}, {@code const} and
 * {@code not} at the root of {@code parameters}, which must say {@code "type": "object"}; either
 * rejects the whole request, every tool with it. Such root keywords are moved out of the schema
 * the provider sees into one line of the description ("The arguments must also satisfy: …"),
 * a missing root {@code type} becomes {@code "object"} (what MCP requires of an input schema), as
 * does any other root {@code type} (moved to the description like the refused keywords), and
 * every other keyword, nested combinators, {@code $defs}, {@code $ref}, {@code $anchor},
 * {@code if}/{@code then}/{@code else} and the rest, is sent as given. The tool's own schema is
 * never changed (the MCP side, and the server, keep all of it).
 * A schema that needs nothing is returned as the same instance.
 *
 * @see <a href="https://docs.anthropic.com/en/docs/build-with-claude/tool-use">Anthropic tool use</a>
 * @see <a href="https://platform.openai.com/docs/guides/function-calling">OpenAI function calling</a>
 */
public final class ToolSchemaFit {
    /** What the Messages API refuses at the root of {@code input_schema}. */
    public static final Set<String> ANTHROPIC = Set.of("allOf", "anyOf", "oneOf");
    /** What Chat Completions refuses at the root of a function's {@code parameters}. */
    public static final Set<String> OPENAI = Set.of("allOf", "anyOf", "oneOf", "enum", "const", "not");
    /** The moved keywords are shown in the description up to this many characters. */
    public static final int MAX_NOTE_CHARS = 2000;

    private ToolSchemaFit() {}

    /** The schema and description as one provider sees them. */
    public record Fitted(JsonNode schema, String description) {}

    /** {@code tool}'s schema without the root keywords in {@code refusedAtRoot}, and its description saying what they asked. */
    public static Fitted fit(ToolDefinition tool, Set<String> refusedAtRoot) {
        JsonNode schema = tool.inputSchema();
        if (schema == null || !schema.isObject()) {
            return new Fitted(Json.object().put("type", "object"), tool.description());
        }
        List<String> moved = new ArrayList<>();
        for (String key : schema.propertyNames()) {
            if (refusedAtRoot.contains(key)) {
                moved.add(key);
            }
        }
        boolean typeMissing = !schema.has("type");
        // Both APIs take only an object schema at the root; any other type ("array", ["object", "null"])
        // would fail every request of the session, so it is moved to the note like a refused keyword.
        boolean typeOther = !typeMissing && !(schema.get("type").isString() && schema.get("type").asString().equals("object"));
        if (moved.isEmpty() && !typeMissing && !typeOther) {
            return new Fitted(schema, tool.description());
        }
        ObjectNode fitted = ((ObjectNode) schema).deepCopy();
        ObjectNode constraints = Json.object();
        if (typeOther) {
            constraints.set("type", fitted.get("type"));
            fitted.put("type", "object");
        }
        for (String key : moved) {
            constraints.set(key, fitted.remove(key));
        }
        if (typeMissing) {
            // Put first, as a reader expects it; the rest keeps the server's order.
            ObjectNode ordered = Json.object().put("type", "object");
            for (Map.Entry<String, JsonNode> field : fitted.properties()) {
                ordered.set(field.getKey(), field.getValue());
            }
            fitted = ordered;
        }
        return new Fitted(fitted, constraints.isEmpty() ? tool.description() : note(tool.description(), constraints));
    }

    private static String note(String description, ObjectNode constraints) {
        String json = Json.write(constraints);
        int end = Character.isHighSurrogate(json.charAt(Math.min(json.length(), MAX_NOTE_CHARS) - 1)) ? MAX_NOTE_CHARS - 1 : MAX_NOTE_CHARS;
        String shown = json.length() <= MAX_NOTE_CHARS ? json
                : json.substring(0, end) + "… (cut; a call that breaks them is refused with the reason)";
        String line = "The arguments must also satisfy: " + shown;
        return description == null || description.isBlank() ? line : description + "\n" + line;
    }
}
