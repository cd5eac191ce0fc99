package dev.tether.tools;

/**
 * A file (and, when known, a 1-based line) a tool call touches, so the host can follow along.
 *
 * @param line the line, or null for the whole file
 */
public record Location(String path, Integer line) {
    public static Location of(String path) {
        return new Location(path, null);
    }
}
