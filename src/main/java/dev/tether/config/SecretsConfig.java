package dev.tether.config;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The variables the user's config file marks secret: {@code "secrets": {"env": ["MY_TOKEN", ...]}}.
 * Their values are masked like the provider keys, they are withheld from {@code run_command}, and
 * {@code ${VAR}} never expands to them. A malformed entry is a warning and is skipped, never a
 * failed start. The default is none (the provider keys and {@code TETHER_*} are secret anyway).
 */
final class SecretsConfig {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SecretsConfig.class);
    }

    private SecretsConfig() {}

    /** The names under {@code secrets.env}, in the order given. */
    static List<String> envNames(JsonNode config) {
        JsonNode list = config.path("secrets").path("env");
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            log().warn("config: \"secrets.env\" must be an array of variable names; ignoring it");
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (JsonNode item : list) {
            if (item.isString() && item.asString().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                names.add(item.asString());
            } else {
                log().warn("config: \"secrets.env\" entry {} is not a variable name; skipping it", item);
            }
        }
        return List.copyOf(names);
    }
}
