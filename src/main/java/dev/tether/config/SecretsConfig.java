package dev.tether.config;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.schema.ConfigSchema;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The variables the user's config file marks secret: {@code "secrets": {"env": ["MY_TOKEN", ...]}}.
 * Their values are masked like the provider keys, they are withheld from {@code run_command}, and
 * {@code ${VAR}} never expands to them. A malformed entry is a warning and is skipped, never a
 * failed start. The default is none (the provider keys and {@code TETHER_*} are secret anyway).
 */
final class SecretsConfig {

    private SecretsConfig() {}

    /** The names under {@code secrets.env}, in the order given. */
    static List<String> envNames(JsonNode config) {
        return envNames(config, "config", new ArrayList<>());
    }

    /** As {@link #envNames(JsonNode)}; each entry it cannot use adds one warning to {@code warnings}. */
    static List<String> envNames(JsonNode config, String source, List<ConfigWarning> warnings) {
        JsonNode list = config.path("secrets").path("env");
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            warnings.add(ConfigWarning.badValue(source, "secrets.env", list, "a list of variable names", "ignoring it"));
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (JsonNode item : list) {
            if (item.isString() && item.asString().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                names.add(item.asString());
            } else {
                warnings.add(ConfigWarning.of(source, "key:secrets.env", source + ": \"secrets.env\" has "
                        + ConfigSchema.describe(item) + ", which is not a variable name; skipping it"));
            }
        }
        return List.copyOf(names);
    }
}
