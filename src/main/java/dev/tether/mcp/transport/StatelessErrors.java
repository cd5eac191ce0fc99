package dev.tether.mcp.transport;

import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A 2026-07-28 server answers a request it refuses (an unsupported version, headers that do not
 * match the body, a missing client capability) with HTTP 400 and a JSON-RPC error in the body.
 * Such an error is handed to the caller as the server's answer, so the version probe and the
 * error messages can read its code; any other 4xx stays a transport failure.
 */
final class StatelessErrors {
    private StatelessErrors() {}

    /**
     * Delivers the JSON-RPC error in {@code response}'s body when it answers {@code id}.
     *
     * @return whether it did; the body is consumed either way
     */
    static boolean deliver(HttpResponse<InputStream> response, JsonNode id, int maxBytes, Consumer<JsonNode> deliver)
            throws IOException {
        String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        try (InputStream body = response.body()) {
            if (!type.startsWith("application/json")) {
                return false;
            }
            byte[] bytes = body.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                return false;
            }
            JsonNode answer;
            try {
                answer = Json.parse(new String(bytes, StandardCharsets.UTF_8));
            } catch (JacksonException e) {
                return false;
            }
            JsonNode error = answer.get("error");
            JsonNode answered = answer.get("id");
            // Compared as written: the id we sent may be a long where the parsed one is an int.
            boolean answers = answer.isObject() && answered != null && Json.write(id).equals(Json.write(answered))
                    && error != null && error.isObject()
                    && error.path("code").isIntegralNumber() && !answer.has("result");
            if (answers) {
                deliver.accept(answer);
            }
            return answers;
        }
    }
}
