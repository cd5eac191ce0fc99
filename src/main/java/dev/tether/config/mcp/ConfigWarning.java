package dev.tether.config.mcp;

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

    @Override
    public String toString() {
        return text;
    }
}
