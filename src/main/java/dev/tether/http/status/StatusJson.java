package dev.tether.http.status;

import dev.tether.json.Json;
import dev.tether.security.SecretCuts;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * The one way out for everything the status page shows: a snapshot becomes a JSON tree whose
 * every string, names included, is masked, passed through the Unicode sanitiser and masked again
 * ({@link SecretCuts#clean}), then capped at {@value #MAX_CHARS} characters. {@code /api/status}
 * sends that tree, and the page is rendered from the records read back out of it, so no field can
 * reach either uncleaned, whoever filled it.
 */
final class StatusJson {
    static final int MAX_CHARS = 8192;

    private final SecretCuts cuts;

    StatusJson(SecretCuts cuts) {
        this.cuts = cuts;
    }

    /** The snapshot as clean JSON. */
    JsonNode clean(StatusView.Snapshot snapshot) {
        return clean(Json.tree(snapshot));
    }

    /** The records of a tree {@link #clean(StatusView.Snapshot)} made. */
    static StatusView.Snapshot read(JsonNode clean) {
        return Json.convert(clean, StatusView.Snapshot.class);
    }

    private JsonNode clean(JsonNode node) {
        if (node instanceof ObjectNode object) {
            ObjectNode out = Json.object();
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                out.set(text(field.getKey()), clean(field.getValue()));
            }
            return out;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode out = Json.array();
            array.forEach(item -> out.add(clean(item)));
            return out;
        }
        if (node.isString()) {
            return StringNode.valueOf(text(node.asString()));
        }
        return node;
    }

    private String text(String raw) {
        String clean = cuts.clean(raw);
        return clean.length() <= MAX_CHARS ? clean : cuts.head(clean, MAX_CHARS) + "\u2026";
    }
}
