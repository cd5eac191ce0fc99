package dev.tether.model;

import java.util.List;
import java.util.Locale;

/**
 * The context window of known models, by model id, for the providers to report in
 * {@link ModelInfo#contextWindow()}. Ids are matched by prefix (the longest wins), so dated
 * snapshots ({@code claude-sonnet-4-5-20250929}, {@code gpt-4o-2024-08-06}) find their family.
 * An id the table does not know gets its provider's fallback. The user's
 * {@code "context": {"windowTokens": N}} overrides both (see {@code docs/reference/providers.md}).
 */
public final class ContextWindows {
    /** Every Claude model Tether talks to holds at least this much. */
    public static final long ANTHROPIC_FALLBACK = 200_000;
    /**
     * An unknown model behind an OpenAI-compatible server is often a local one with a small window;
     * compacting early costs less than a request the server refuses.
     */
    public static final long OPENAI_FALLBACK = 32_768;

    private record Entry(String prefix, long tokens) {}

    private static final List<Entry> KNOWN = List.of(
            new Entry("claude-", 200_000),
            new Entry("gpt-4o", 128_000),
            new Entry("gpt-4-turbo", 128_000),
            new Entry("gpt-4.1", 1_047_576),
            new Entry("gpt-4", 8_192),
            new Entry("gpt-3.5-turbo", 16_385),
            new Entry("gpt-5", 400_000),
            new Entry("o1", 200_000),
            new Entry("o3", 200_000),
            new Entry("o4-mini", 200_000),
            new Entry("qwen2.5-coder", 32_768),
            new Entry("qwen3-coder", 262_144),
            new Entry("llama3.1", 131_072),
            new Entry("llama3.2", 131_072),
            new Entry("deepseek-coder-v2", 163_840),
            new Entry("mistral-small", 32_768),
            new Entry("codestral", 32_768));

    private ContextWindows() {}

    /** The window of {@code model}, or {@code fallback} when the table does not know it. */
    public static long of(String model, long fallback) {
        if (model == null) {
            return fallback;
        }
        String id = model.toLowerCase(Locale.ROOT);
        // Ollama-style ids carry a tag ("qwen2.5-coder:7b"), OpenRouter-style ones a vendor ("openai/gpt-4o").
        int slash = id.lastIndexOf('/');
        if (slash >= 0) {
            id = id.substring(slash + 1);
        }
        Entry best = null;
        for (Entry entry : KNOWN) {
            if (id.startsWith(entry.prefix()) && (best == null || entry.prefix().length() > best.prefix().length())) {
                best = entry;
            }
        }
        return best == null ? fallback : best.tokens();
    }
}
