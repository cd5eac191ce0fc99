package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecretsConfigTest {
    @Test
    void namesAreReadAndMalformedEntriesSkippedNeverFatal() {
        assertEquals(List.of("MY_TOKEN", "_X1"), SecretsConfig.envNames(Json.parse("{\"secrets\":{\"env\":[\"MY_TOKEN\",3,\"not a name\",\"_X1\"]}}")));
        assertEquals(List.of(), SecretsConfig.envNames(Json.parse("{\"secrets\":{\"env\":\"MY_TOKEN\"}}")));
        assertEquals(List.of(), SecretsConfig.envNames(Json.object()));
    }
}
