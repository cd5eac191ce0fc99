package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A session configuration option (model, thinking level). Only select options are used.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-config-options">ACP session config options</a>
 */
public record ConfigOption(String id, String name, String description, String category,
                           String currentValue, List<Choice> options) {
    @JsonProperty("type")
    public String type() {
        return "select";
    }

    public record Choice(String value, String name, String description) {}

    public ConfigOption withValue(String value) {
        return new ConfigOption(id, name, description, category, value, options);
    }
}
