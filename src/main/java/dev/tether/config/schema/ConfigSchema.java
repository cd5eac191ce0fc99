package dev.tether.config.schema;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
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
 * is compiled on first use, never on the {@code initialize} path. Thread-safe.
 */
public final class ConfigSchema {
    /** The resource the schema is read from. */
    public static final String RESOURCE = "/dev/tether/config/config.schema.json";

    private static volatile JsonNode tree;
    private static volatile Schema compiled;

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

    /**
     * The mistakes in {@code file} (a parsed config file, an object), each message beginning with
     * {@code source} (the file's path as the user knows it).
     */
    public static List<Problem> check(JsonNode file, String source) {
        List<Problem> problems = new ArrayList<>();
        for (Error error : compiled().validate(file)) {
            String path = dotted(error);
            if (path.equals("mcpServers") || path.startsWith("mcpServers.")) {
                continue;
            }
            switch (error.getKeyword()) {
                case "additionalProperties" -> {
                    String key = error.getProperty();
                    String full = path.isEmpty() ? key : path + "." + key;
                    problems.add(new Problem(full, source + ": unknown key \"" + full + "\"" + DidYouMean.hint(key, keysAt(path))
                            + "; ignoring it"));
                }
                case "type" -> problems.add(new Problem(path, source + ": \"" + path + "\" is " + JsonTypes.describe(error.getInstanceNode())
                        + ", expected " + JsonTypes.expected(error.getSchemaNode()) + "; ignoring it"));
                default -> {
                    // Bounds and choices: the key's reader reports them, with the default it keeps.
                }
            }
        }
        return problems;
    }

    private static String dotted(Error error) {
        StringBuilder path = new StringBuilder();
        var location = error.getInstanceLocation();
        for (int i = 0; i < location.getNameCount(); i++) {
            if (!path.isEmpty()) {
                path.append('.');
            }
            path.append(location.getElement(i));
        }
        return path.toString();
    }

    private static Schema compiled() {
        Schema now = compiled;
        if (now == null) {
            synchronized (ConfigSchema.class) {
                if (compiled == null) {
                    compiled = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(tree());
                }
                now = compiled;
            }
        }
        return now;
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
