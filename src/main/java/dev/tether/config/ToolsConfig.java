package dev.tether.config;

import dev.tether.base.git.UserGitConfig;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.tools.ProtectedPaths;
import dev.tether.tools.ToolDeferral;
import dev.tether.tools.ToolFilter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The user's tool limits: {@code "tools": {"allow": [globs], "deny": [globs], "protectedPaths":
 * [globs], "deferAbove": 40, "deferAboveTokens": 20000, "alwaysLoad": [globs or "server:<glob>"]}} in
 * the config file. Malformed name lists are a warning and allow everything, never a
 * failed start; malformed protected paths are a warning and leave the defaults, which always apply.
 * Each part fails alone, so one typo does not drop the other's protection.
 */
final class ToolsConfig {

    private ToolsConfig() {}

    /** The limits in {@code config}, without the user's own git configuration files. */
    static ToolFilter from(JsonNode config) {
        return from(config, UserGitConfig.NONE, "config", new ArrayList<>());
    }

    /** The limits in {@code config}; protected paths also follow what {@code git} (the user's own configuration) says. */
    static ToolFilter from(JsonNode config, UserGitConfig git, String source, List<ConfigWarning> warnings) {
        JsonNode tools = config.path("tools");
        ProtectedPaths protectedPaths = new ProtectedPaths(List.of(), git);
        try {
            protectedPaths = new ProtectedPaths(globs(tools.get("protectedPaths"), "tools.protectedPaths", "path"), git);
        } catch (IllegalArgumentException e) {
            warnings.add(ConfigWarning.of(source, "key:tools.protectedPaths", source + ": " + e.getMessage()
                    + "; ignoring it (the built-in protected paths still apply)"));
        }
        ToolDeferral deferral = ToolDeferral.DEFAULT;
        try {
            deferral = deferral(tools);
        } catch (IllegalArgumentException e) {
            warnings.add(ConfigWarning.of(source, null, source + ": " + e.getMessage() + "; using the default tool deferral"));
        }
        try {
            return new ToolFilter(globs(tools.get("allow"), "tools.allow", "tool name"),
                    globs(tools.get("deny"), "tools.deny", "tool name"), protectedPaths, deferral);
        } catch (IllegalArgumentException e) {
            warnings.add(ConfigWarning.of(source, null, source + ": " + e.getMessage() + "; ignoring both tool lists (allow and deny)"));
            return new ToolFilter(List.of(), List.of(), protectedPaths, deferral);
        }
    }

    /** {@code deferAbove}, {@code deferAboveTokens} (whole numbers, 0 or more) and {@code alwaysLoad}. */
    private static ToolDeferral deferral(JsonNode tools) {
        int above = count(tools.get("deferAbove"), "tools.deferAbove", ToolDeferral.DEFAULT_DEFER_ABOVE);
        int tokens = count(tools.get("deferAboveTokens"), "tools.deferAboveTokens", ToolDeferral.DEFAULT_DEFER_ABOVE_TOKENS);
        List<String> always = globs(tools.get("alwaysLoad"), "tools.alwaysLoad", "tool name");
        return new ToolDeferral(above, tokens, always);
    }

    private static int count(JsonNode node, String key, int fallback) {
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isIntegralNumber() || node.asLong() < 0 || node.asLong() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("\"" + key + "\" must be a whole number, 0 or more");
        }
        return node.asInt();
    }

    private static List<String> globs(JsonNode node, String key, String what) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException("\"" + key + "\" must be an array of " + what + " patterns");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isString()) {
                throw new IllegalArgumentException("\"" + key + "\" must contain strings");
            }
            if (item.asString().isBlank() && what.equals("path")) {
                // An empty path glob would protect the whole workspace root by accident.
                throw new IllegalArgumentException("\"" + key + "\" must contain non-empty strings");
            }
            out.add(item.asString());
        }
        return out;
    }
}
