package dev.tether.config;

import dev.tether.config.mcp.ConfigWarning;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The user's context settings: {@code "context": {"windowTokens": N, "compactAt": 0.85,
 * "instructionFiles": ["AGENTS.md", "CLAUDE.md"], "instructionBytes": 32768}} in the config file. A malformed value is a
 * warning and its default stays, never a failed start.
 *
 * @param windowTokens     the model's context window in tokens, overriding the provider's figure; 0 when not set
 * @param compactAt        the share of the window at which a conversation is compacted
 * @param instructionFiles the names of the instruction files looked for in each directory, first found wins
 * @param instructionBytes how many bytes of instruction files reach the model at most, all files together
 */
public record ContextConfig(long windowTokens, double compactAt, List<String> instructionFiles, int instructionBytes) {
    /** The names looked for when the config names none: the shared convention first, Claude Code's as a fallback. */
    public static final List<String> DEFAULT_INSTRUCTION_FILES = List.of("AGENTS.md", "CLAUDE.md");
    /** Named default of {@code context.instructionBytes}: 32 KiB, as codex allows its project docs. */
    public static final int DEFAULT_INSTRUCTION_BYTES = 32 * 1024;
    /** The most {@code context.instructionBytes} may be: 1 MiB (instructions ride in every model request). */
    public static final int MAX_INSTRUCTION_BYTES = 1024 * 1024;

    public ContextConfig {
        instructionFiles = List.copyOf(instructionFiles);
    }

    /** Settings with the default instruction file names and budget. */
    public ContextConfig(long windowTokens, double compactAt) {
        this(windowTokens, compactAt, DEFAULT_INSTRUCTION_FILES, DEFAULT_INSTRUCTION_BYTES);
    }

    /** Named default of {@code context.compactAt}. */
    public static final double DEFAULT_COMPACT_AT = 0.85;
    /** Below this a window cannot hold a system prompt, the tools and a summary. */
    public static final long MIN_WINDOW_TOKENS = 1_000;
    public static final ContextConfig DEFAULT = new ContextConfig(0, DEFAULT_COMPACT_AT);

    /** The settings in {@code config}, its warnings left out (for tests of the values alone). */
    static ContextConfig from(JsonNode config) {
        return from(config, "config", new ArrayList<>());
    }

    /** The settings in {@code config} (read from {@code source}); each value it cannot use adds one warning to {@code warnings}. */
    static ContextConfig from(JsonNode config, String source, List<ConfigWarning> warnings) {
        JsonNode context = config.path("context");
        long window = 0;
        JsonNode windowNode = context.get("windowTokens");
        if (windowNode != null && !windowNode.isNull()) {
            if (windowNode.isIntegralNumber() && windowNode.asLong() >= MIN_WINDOW_TOKENS) {
                window = windowNode.asLong();
            } else {
                warnings.add(ConfigWarning.badValue(source, "context.windowTokens", windowNode,
                        "a whole number of at least " + MIN_WINDOW_TOKENS, "using the provider's figure"));
            }
        }
        double compactAt = DEFAULT_COMPACT_AT;
        JsonNode atNode = context.get("compactAt");
        if (atNode != null && !atNode.isNull()) {
            if (atNode.isNumber() && atNode.asDouble() > 0.1 && atNode.asDouble() <= 1) {
                compactAt = atNode.asDouble();
            } else {
                warnings.add(ConfigWarning.badValue(source, "context.compactAt", atNode, "a number above 0.1 and at most 1",
                        "using the default " + DEFAULT_COMPACT_AT));
            }
        }
        int budget = DEFAULT_INSTRUCTION_BYTES;
        JsonNode budgetNode = context.get("instructionBytes");
        if (budgetNode != null && !budgetNode.isNull()) {
            if (budgetNode.isIntegralNumber() && budgetNode.asLong() >= 0 && budgetNode.asLong() <= MAX_INSTRUCTION_BYTES) {
                budget = budgetNode.asInt();
            } else {
                warnings.add(ConfigWarning.badValue(source, "context.instructionBytes", budgetNode,
                        "a whole number from 0 to " + MAX_INSTRUCTION_BYTES, "using the default " + DEFAULT_INSTRUCTION_BYTES));
            }
        }
        return new ContextConfig(window, compactAt, instructionFiles(context.get("instructionFiles"), source, warnings), budget);
    }

    /** A list of plain file names (no directories); anything else is a warning and the defaults stay. */
    private static List<String> instructionFiles(JsonNode node, String source, List<ConfigWarning> warnings) {
        if (node == null || node.isNull()) {
            return DEFAULT_INSTRUCTION_FILES;
        }
        List<String> names = new ArrayList<>();
        if (node.isArray()) {
            for (JsonNode item : node) {
                String name = item.isString() ? item.asString().strip() : "";
                if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")) {
                    names = null;
                    break;
                }
                names.add(name);
            }
        }
        if (names == null || !node.isArray()) {
            warnings.add(ConfigWarning.badValue(source, "context.instructionFiles", node,
                    "a list of file names such as [\"AGENTS.md\", \"CLAUDE.md\"]", "using the default " + DEFAULT_INSTRUCTION_FILES));
            return DEFAULT_INSTRUCTION_FILES;
        }
        return names;
    }
}
