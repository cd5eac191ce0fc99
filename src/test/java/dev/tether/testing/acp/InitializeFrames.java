package dev.tether.testing.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * {@code golden/initialize-frames.jsonl}: 32 {@code initialize} frames, ordinary, odd and broken,
 * each with the answers ({@code out}, {@code @VERSION@} for the version) that Tether wrote to it
 * before its frames were read without an {@code ObjectMapper}.
 */
public final class InitializeFrames {
    private InitializeFrames() {}

    public static List<JsonNode> golden() throws IOException {
        try (InputStream in = InitializeFrames.class.getResourceAsStream("/golden/initialize-frames.jsonl")) {
            List<JsonNode> entries = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    entries.add(Json.parse(line));
                }
            }
            assertEquals(32, entries.size());
            return entries;
        }
    }
}
