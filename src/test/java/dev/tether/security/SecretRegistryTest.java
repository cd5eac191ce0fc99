package dev.tether.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class SecretRegistryTest {
    private static final String KEY = "sk-ant-api03-abcdefghijklmnop";

    @Test
    void theProviderKeysAndMarkedVariablesAreRegisteredButNotTethersSettings() {
        SecretRegistry secrets = SecretRegistry.of(Map.of("ANTHROPIC_API_KEY", KEY, "MY_TOKEN", "my-token-value-1",
                "TETHER_SCRIPT", "/home/me/script.jsonl", "OTHER", "other-value-123"), List.of("MY_TOKEN"));
        assertEquals("a [REDACTED] b [REDACTED] /home/me/script.jsonl other-value-123",
                secrets.redact("a " + KEY + " b my-token-value-1 /home/me/script.jsonl other-value-123"));
        assertTrue(secrets.isSecretName("ANTHROPIC_API_KEY") && secrets.isSecretName("OPENAI_API_KEY"));
        assertTrue(secrets.isSecretName("TETHER_ANYTHING") && secrets.isSecretName("MY_TOKEN"));
        assertFalse(secrets.isSecretName("OTHER") || secrets.isSecretName("PATH"));
        assertEquals(List.of("ANTHROPIC_API_KEY", "MY_TOKEN", "OPENAI_API_KEY", "TETHER_SCRIPT"), secrets.namesToWithhold());
        assertEquals(Map.of("TETHER_SCRIPT", "/home/me/script.jsonl", "OTHER", "other-value-123"),
                secrets.withoutSecretValues(Map.of("ANTHROPIC_API_KEY", KEY, "MY_TOKEN", "x", "TETHER_SCRIPT", "/home/me/script.jsonl",
                        "OTHER", "other-value-123")));
    }

    @Test
    void shortValuesAreNotRegisteredBecauseTheyWouldMaskOrdinaryText() {
        SecretRegistry secrets = SecretRegistry.empty();
        secrets.register("short");
        secrets.register("       ");
        secrets.register(null);
        assertTrue(secrets.isEmpty());
        String text = "a short text";
        assertSame(text, secrets.redact(text));
    }

    @Test
    void aValueContainingAnotherIsMaskedWhole() {
        SecretRegistry secrets = SecretRegistry.empty();
        secrets.register("token-1234");
        secrets.register("token-1234-and-more");
        assertEquals("x [REDACTED] y [REDACTED]", secrets.redact("x token-1234-and-more y token-1234"));
    }

    @Test
    void jsonIsMaskedInValuesAndNamesAndLeftAloneWhenClean() {
        SecretRegistry secrets = SecretRegistry.empty();
        secrets.register(KEY);
        JsonNode clean = Json.parse("{\"a\":[\"x\",{\"b\":\"y\"}],\"n\":3}");
        assertSame(clean, secrets.redact(clean));
        JsonNode dirty = Json.parse("{\"a\":[\"x\",{\"b\":\"key=" + KEY + "\"}],\"" + KEY + "\":true,\"n\":3}");
        assertEquals(Json.parse("{\"a\":[\"x\",{\"b\":\"key=[REDACTED]\"}],\"[REDACTED]\":true,\"n\":3}"), secrets.redact(dirty));
        assertTrue(dirty.toString().contains(KEY), "the input is not changed");
    }
}
