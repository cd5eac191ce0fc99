package dev.tether.config.schema;

import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Tether's own JSON Schema of its config file ({@code docs/reference/config.schema.json}, bundled
 * as a resource), and the check of a file against it. The check names two kinds of mistake, each
 * with the key's dotted path: a key the schema does not know (with the closest known key, when one
 * is close) and a value of the wrong JSON type (with the expected type). Bounds, enumerations and
 * the server entries below {@code mcpServers} are judged by the readers of those keys, which fall
 * back to a default and say so; reporting them here too would print one mistake twice. The schema
 * is read on first use, never on the {@code initialize} path. Thread-safe.
 */
public final class ConfigSchema {
    /** The resource the schema is read from. */
    public static final String RESOURCE = "/dev/tether/config/config.schema.json";

    private static volatile JsonNode tree;

    /** One mistake: the key as a dotted path ({@code mcp.connectTimeoutSeconds}) and the whole message. */
    public record Problem(String key, String text) {}

    private ConfigSchema() {}

    /** The schema as a tree. */
    public static JsonNode tree() {
        JsonNode now = tree;
        if (now == null) {
            synchronized (ConfigSchema.class) {
                if (tree == null) {
                    tree = read();
                }
                now = tree;
            }
        }
        return now;
    }

    /** The keys the schema allows in the object at {@code path} (dotted; "" for the top level). */
    public static Set<String> keysAt(String path) {
        JsonNode node = SchemaWalk.at(tree(), path);
        Set<String> keys = new LinkedHashSet<>();
        if (node != null) {
            node.path("properties").propertyNames().forEach(keys::add);
        }
        return keys;
    }

    /** What {@code value} is, in a user's words ("the text \"big\"", "the number 2", "a list"), for a warning about it. */
    public static String describe(JsonNode value) {
        return JsonTypes.describe(value);
    }

    /**
     * The mistakes in {@code file} (a parsed config file, an object), each message beginning with
     * {@code source} (the file's path as the user knows it).
     */
    public static List<Problem> check(JsonNode file, String source) {
        List<Problem> problems = new ArrayList<>();
        walk(tree(), tree(), file, "", source, problems);
        return problems;
    }

    /**
     * The schema's own subset, walked by hand: {@code properties}, {@code additionalProperties}
     * (false or a schema), local {@code $ref}s and {@code type}. A full validator (networknt) costs
     * half a second of class loading and compiling on a cold start, which the first
     * {@code session/new} would wait for; {@code ConfigSchemaTest} checks that one agrees with this walk.
     */
    private static void walk(JsonNode root, JsonNode schema, JsonNode value, String path, String source, List<Problem> problems) {
        JsonNode node = SchemaWalk.resolve(root, schema);
        if (path.equals("mcpServers") || path.startsWith("mcpServers.")) {
            return;
        }
        JsonNode type = node.get("type");
        if (type != null && !JsonTypes.fits(value, type)) {
            problems.add(new Problem(path, source + ": \"" + path + "\" is " + JsonTypes.describe(value) + ", expected "
                    + JsonTypes.expected(type) + "; ignoring it"));
            return;
        }
        if (!value.isObject()) {
            return;
        }
        JsonNode properties = node.path("properties");
        JsonNode additional = node.get("additionalProperties");
        for (var field : value.properties()) {
            String key = field.getKey();
            String full = path.isEmpty() ? key : path + "." + key;
            JsonNode sub = properties.get(key);
            if (sub != null) {
                walk(root, sub, field.getValue(), full, source, problems);
            } else if (additional != null && additional.isBoolean() && !additional.asBoolean()) {
                Set<String> known = new LinkedHashSet<>();
                properties.propertyNames().forEach(known::add);
                problems.add(new Problem(full, source + ": unknown key \"" + full + "\"" + DidYouMean.hint(key, known) + "; ignoring it"));
            } else if (additional != null && additional.isObject()) {
                walk(root, additional, field.getValue(), full, source, problems);
            }
        }
    }

    private static JsonNode read() {
        try (InputStream in = ConfigSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the config schema " + RESOURCE + " is missing from the build");
            }
            return Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
