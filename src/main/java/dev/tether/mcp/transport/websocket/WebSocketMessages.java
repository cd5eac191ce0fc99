package dev.tether.mcp.transport.websocket;

import dev.tether.jsonrpc.LineChannel;
import dev.tether.mcp.transport.OversizeLines;
import tools.jackson.databind.JsonNode;

/**
 * Assembles the fragments of WebSocket text messages, each at most {@code limit} bytes of UTF-8.
 * Past the limit the middle of a message is thrown away as it arrives; its first and last few
 * kilobytes are kept to find its id, so that the request it answered can fail at once.
 */
final class WebSocketMessages {
    private static final int EXCERPT_CHARS = 4096;

    /** A whole message: its text, or what is left of one over the limit. */
    sealed interface Complete {
        record Text(String text) implements Complete {}

        /** {@code answer} is the error answer for the request it answered, or null when no id was found. */
        record TooLarge(long bytes, JsonNode answer) implements Complete {}
    }

    private final int limit;
    private final StringBuilder text = new StringBuilder();
    private final StringBuilder tail = new StringBuilder();
    private String head;
    private long bytes;

    WebSocketMessages(int limit) {
        this.limit = limit;
    }

    int limit() {
        return limit;
    }

    /** Adds one fragment; the message when {@code last}, else null. */
    Complete add(CharSequence fragment, boolean last) {
        bytes += utf8Length(fragment);
        if (head == null && bytes > limit) {
            head = text.length() >= EXCERPT_CHARS ? text.substring(0, EXCERPT_CHARS) : text.toString()
                    + fragment.subSequence(0, Math.min(fragment.length(), EXCERPT_CHARS - text.length()));
            tail.append(text, Math.max(0, text.length() - EXCERPT_CHARS), text.length());
            text.setLength(0);
        }
        if (head == null) {
            text.append(fragment);
        } else {
            tail.append(fragment);
            if (tail.length() > EXCERPT_CHARS) {
                tail.delete(0, tail.length() - EXCERPT_CHARS);
            }
        }
        if (!last) {
            return null;
        }
        Complete done;
        if (head == null) {
            done = new Complete.Text(text.toString());
        } else {
            LineChannel.Oversize dropped = new LineChannel.Oversize(bytes, head, tail.toString());
            JsonNode id = OversizeLines.requestId(dropped);
            done = new Complete.TooLarge(bytes, id == null ? null : OversizeLines.errorAnswer(id, bytes, limit));
        }
        text.setLength(0);
        tail.setLength(0);
        head = null;
        bytes = 0;
        return done;
    }

    private static long utf8Length(CharSequence s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
