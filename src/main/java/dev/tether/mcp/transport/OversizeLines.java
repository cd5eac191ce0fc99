package dev.tether.mcp.transport;

import dev.tether.json.Json;
import dev.tether.jsonrpc.LineChannel;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Finds which request a dropped oversize line answered, so that request fails at once instead
 * of waiting for its timeout. Servers put the top-level {@code id} near the start (Java, Python
 * SDKs) or as the last member (the TypeScript SDK writes {@code {result, jsonrpc, id}}), so the
 * head is scanned for a top-level {@code "id"} and the tail for a closing one.
 */
final class OversizeLines {
    private static final Pattern TRAILING_ID = Pattern.compile("\"id\"\\s*:\\s*(-?\\d+|\"(?:[^\"\\\\]|\\\\.)*\")\\s*}\\s*$");
    private static final Pattern VALUE = Pattern.compile("\\s*:\\s*(-?\\d+|\"(?:[^\"\\\\]|\\\\.)*\")");

    private OversizeLines() {}

    /** The id of the message, or null when neither end shows one. */
    static JsonNode requestId(LineChannel.Oversize line) {
        String fromHead = headId(line.head());
        if (fromHead != null) {
            return parse(fromHead);
        }
        Matcher m = TRAILING_ID.matcher(line.tail());
        return m.find() ? parse(m.group(1)) : null;
    }

    /** An error answer for {@code id}, as if the server had sent it. */
    static ObjectNode errorAnswer(JsonNode id, long bytes, int limit) {
        ObjectNode answer = Json.object();
        answer.put("jsonrpc", "2.0");
        answer.set("id", id);
        ObjectNode error = answer.putObject("error");
        error.put("code", -32603);
        error.put("message", "the server's answer (" + megabytes(bytes) + ") is larger than the " + megabytes(limit)
                + " message limit and was dropped (mcp.maxMessageMegabytes in the Tether config file raises it)");
        return answer;
    }

    private static String megabytes(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
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
}
