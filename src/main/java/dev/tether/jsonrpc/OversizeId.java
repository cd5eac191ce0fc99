package dev.tether.jsonrpc;

import dev.tether.json.Json;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Finds the {@code id} of a message whose line was too long to read, so that the request it
 * carried (or answered) can fail at once instead of never. Writers put the top-level {@code id}
 * near the start (Java, Python SDKs) or as the last member (the TypeScript SDK writes
 * {@code {result, jsonrpc, id}}), so the head is scanned for a top-level {@code "id"} and the tail
 * for a closing one.
 */
public final class OversizeId {
    private static final Pattern TRAILING_ID = Pattern.compile("\"id\"\\s*:\\s*(-?\\d+|\"(?:[^\"\\\\]|\\\\.)*\")\\s*}\\s*$");
    private static final Pattern VALUE = Pattern.compile("\\s*:\\s*(-?\\d+|\"(?:[^\"\\\\]|\\\\.)*\")");

    private OversizeId() {}

    /** The id of the message, or null when neither end shows one. */
    public static JsonNode of(LineChannel.Oversize line) {
        String fromHead = headId(line.head());
        if (fromHead != null) {
            return parse(fromHead);
        }
        Matcher m = TRAILING_ID.matcher(line.tail());
        return m.find() ? parse(m.group(1)) : null;
    }

    /** Scans the head for a member named "id" of the outermost object, skipping nested values. */
    private static String headId(String head) {
        int depth = 0;
        boolean inString = false;
        int stringStart = -1;
        for (int i = 0; i < head.length(); i++) {
            char c = head.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                    if (depth == 1 && head.substring(stringStart, i + 1).equals("\"id\"")) {
                        Matcher m = VALUE.matcher(head).region(i + 1, head.length());
                        if (m.lookingAt()) {
                            return m.group(1);
                        }
                    }
                }
                continue;
            }
            switch (c) {
                case '"' -> {
                    inString = true;
                    stringStart = i;
                }
                case '{', '[' -> depth++;
                case '}', ']' -> depth--;
                default -> { }
            }
        }
        return null;
    }

    private static JsonNode parse(String token) {
        try {
            return Json.parse(token);
        } catch (JacksonException e) {
            return null;
        }
    }

    /** "12.5 MB". */
    public static String megabytes(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
    }
}
