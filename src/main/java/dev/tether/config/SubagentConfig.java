package dev.tether.config;

import dev.tether.config.mcp.ConfigWarning;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What one subagent may spend, and how many of a session's run at once: {@code "subagents":
 * {"maxModelRequests": 25, "maxTokens": 400000, "timeoutSeconds": 600, "maxRunning": 3}} in the
 * config file. Each value is 0 when the file does not set it (the agent's own defaults then hold,
 * {@code AgentTool.Budget.DEFAULT}); a value out of range is a warning and counts as not set, never
 * a failed start.
 *
 * @param maxModelRequests the model requests one subagent's turn may make
 * @param maxTokens        input and output tokens over all of one subagent's requests
 * @param timeoutSeconds   how long one subagent may run
 * @param maxRunning       how many of a session's subagents run at once (the others wait for a slot)
 */
public record SubagentConfig(int maxModelRequests, long maxTokens, int timeoutSeconds, int maxRunning) {
    /** Nothing set: every default holds. */
    public static final SubagentConfig NOT_SET = new SubagentConfig(0, 0, 0, 0);

    /** The settings in {@code config} (read from {@code source}); each value it cannot use adds one warning to {@code warnings}. */
    static SubagentConfig from(JsonNode config, String source, List<ConfigWarning> warnings) {
        JsonNode subagents = config.path("subagents");
        return new SubagentConfig(
                (int) whole(subagents, "maxModelRequests", 1, 1_000, source, warnings),
                whole(subagents, "maxTokens", 1_000, 100_000_000, source, warnings),
                (int) whole(subagents, "timeoutSeconds", 10, 86_400, source, warnings),
                (int) whole(subagents, "maxRunning", 1, 16, source, warnings));
    }

    /** The value of {@code key}, or 0 when it is not set or cannot be used (then with a warning). */
    private static long whole(JsonNode section, String key, long min, long max, String source, List<ConfigWarning> warnings) {
        JsonNode node = section.get(key);
        if (node == null || node.isNull()) {
            return 0;
        }
        if (node.isIntegralNumber() && node.canConvertToLong() && node.asLong() >= min && node.asLong() <= max) {
            return node.asLong();
        }
        warnings.add(ConfigWarning.badValue(source, "subagents." + key, node, "a whole number from " + min + " to " + max,
                "using the default"));
        return 0;
    }
}
