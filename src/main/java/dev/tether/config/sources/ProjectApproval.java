package dev.tether.config.sources;

import dev.tether.config.mcp.ConfigWarning;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The user's standing answers about workspace servers, Claude Code's keys in the config file:
 * {@code enableAllProjectMcpServers} (approve every one), {@code enabledMcpjsonServers} and
 * {@code disabledMcpjsonServers} (by name; disabled wins).
 */
public record ProjectApproval(boolean enableAll, Set<String> enabled, Set<String> disabled, Path configFile) {
    public static final ProjectApproval NONE = new ProjectApproval(false, Set.of(), Set.of(), null);

    public ProjectApproval {
        enabled = Set.copyOf(enabled);
        disabled = Set.copyOf(disabled);
    }

    public static ProjectApproval from(JsonNode file, Path configFile, List<ConfigWarning> warnings) {
        JsonNode all = file.get("enableAllProjectMcpServers");
        if (all != null && !all.isBoolean()) {
            warnings.add(ConfigWarning.of(configFile.toString(), null, configFile + ": enableAllProjectMcpServers must be true or false; ignoring it"));
        }
        return new ProjectApproval(all != null && all.isBoolean() && all.asBoolean(), names(file, "enabledMcpjsonServers", configFile, warnings),
                names(file, "disabledMcpjsonServers", configFile, warnings), configFile);
    }

    private static Set<String> names(JsonNode file, String key, Path configFile, List<ConfigWarning> warnings) {
        JsonNode list = file.get(key);
        if (list == null || list.isNull()) {
            return Set.of();
        }
        if (!list.isArray()) {
            warnings.add(ConfigWarning.of(configFile.toString(), null, configFile + ": " + key + " must be an array of server names; ignoring it"));
            return Set.of();
        }
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        list.forEach(n -> {
            if (n.isString()) {
                out.add(n.asString());
            }
        });
        return out;
    }
}
