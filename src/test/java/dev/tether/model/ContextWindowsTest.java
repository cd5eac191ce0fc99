package dev.tether.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Providers report the window of the model in use: known families by prefix, a documented fallback otherwise. */
class ContextWindowsTest {
    @Test
    void knownModelsByFamilyUnknownOnesGetTheFallback() {
        assertEquals(200_000, ContextWindows.of("claude-sonnet-4-5-20250929", ContextWindows.ANTHROPIC_FALLBACK));
        assertEquals(128_000, ContextWindows.of("gpt-4o-mini", ContextWindows.OPENAI_FALLBACK));
        assertEquals(1_047_576, ContextWindows.of("gpt-4.1-mini", ContextWindows.OPENAI_FALLBACK));
        assertEquals(8_192, ContextWindows.of("gpt-4-0613", ContextWindows.OPENAI_FALLBACK));
        assertEquals(32_768, ContextWindows.of("qwen2.5-coder:7b", ContextWindows.OPENAI_FALLBACK));
        assertEquals(128_000, ContextWindows.of("openai/gpt-4o", ContextWindows.OPENAI_FALLBACK));
        assertEquals(ContextWindows.OPENAI_FALLBACK, ContextWindows.of("my-local-model", ContextWindows.OPENAI_FALLBACK));
    }
}
