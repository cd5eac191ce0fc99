package dev.tether.mcp.call;

import dev.tether.json.Json;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where a result came from — the server and what was called there (a tool's name, or
 * {@code resources/read <uri>}) — and what it is: its mime type ({@code text/plain} for the
 * text Tether keeps) and whether it is binary. Recorded beside an artifact so that reading it
 * later can say whose data it is; every field is sanitised and short, since it is server text.
 */
public record Provenance(String server, String source, String mimeType, boolean binary) {
    private static final int MAX_FIELD_BYTES = 300;

    public Provenance {
        server = clean(server);
        source = clean(source);
        mimeType = clean(mimeType);
    }

    /** The text of a tool call's result. */
    public static Provenance toolText(String server, String tool) {
        return new Provenance(server, tool, "text/plain", false);
    }

    JsonNode toJson() {
        ObjectNode node = Json.object();
        node.put("server", server);
        node.put("source", source);
        node.put("mimeType", mimeType);
        node.put("binary", binary);
        return node;
    }

    static Provenance fromJson(JsonNode node) {
        return new Provenance(node.path("server").asString(null), node.path("source").asString(null),
                node.path("mimeType").asString(null), node.path("binary").asBoolean(false));
    }

    /** "server `x`, tool `y`, text/plain" — for the model. */
    String describe() {
        return "server `" + (server == null ? "?" : server) + "`, " + (source == null ? "unknown source" : source)
                + ", " + (mimeType == null ? "unknown type" : mimeType);
    }

    private static String clean(String text) {
        return text == null ? null : Redactor.cap(UnicodeSanitizer.clean(text).replaceAll("[\\r\\n\\t`]+", " ").strip(), MAX_FIELD_BYTES);
    }
}
