package dev.tether.config;

import dev.tether.config.mcp.ConfigWarning;
import java.util.List;

/**
 * One mistake, one warning: the schema's warning about a key is left out when the key's own reader
 * already warned about it (its entry is the same {@code key:} or its message names the key), since
 * that one also says which default stays.
 */
final class OnceEach {
    private OnceEach() {}

    static List<ConfigWarning> schemaWarnings(List<ConfigWarning> schema, List<ConfigWarning> others) {
        return schema.stream().filter(w -> !named(w, others)).toList();
    }

    private static boolean named(ConfigWarning warning, List<ConfigWarning> others) {
        if (warning.entry() == null || !warning.entry().startsWith("key:")) {
            return false;
        }
        String key = warning.entry().substring("key:".length());
        return others.stream().anyMatch(o -> warning.entry().equals(o.entry()) || o.text().contains("\"" + key + "\"") || o.text().contains(key + " "));
    }
}
