package dev.tether.config.mcp;

import dev.tether.config.schema.ConfigSchema;
import tools.jackson.databind.JsonNode;

/**
 * Something in a configuration source that Tether skipped: an unreadable or invalid file, or one
 * entry of it. Never a failed start; the user sees it on stderr, at session start and in
 * {@code /mcp}.
 *
 * @param source the file (or {@code --mcp-config}) it comes from
 * @param entry  the server entry it concerns, or null for the whole source
 * @param text   the whole message, naming the source and the entry
 */
public record ConfigWarning(String source, String entry, String text) {
    /** A warning whose {@code message} comes from, or quotes, a file Tether does not control: made safe to print. */
    public static ConfigWarning of(String source, String entry, String message) {
        return new ConfigWarning(source, entry, Shown.clean(message));
    }

    /**
     * A value of the config file its reader cannot use: {@code <source>: "<key>" is <what it is>,
     * expected <expected>; <outcome>}, e.g. {@code …/config.json: "context.compactAt" is the text "high",
     * expected a number above 0.1 and at most 1; using the default 0.85}. Its entry is {@code key:<key>},
     * so the schema's own warning about the same key is left out (one mistake, one warning).
     */
    public static ConfigWarning badValue(String source, String key, JsonNode value, String expected, String outcome) {
        return of(source, "key:" + key, source + ": \"" + key + "\" is " + ConfigSchema.describe(value) + ", expected " + expected
                + "; " + outcome);
    }

    @Override
    public String toString() {
        return text;
    }
}
