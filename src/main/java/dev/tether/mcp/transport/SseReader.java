package dev.tether.mcp.transport;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.function.Consumer;

/** Reads a {@code text/event-stream} body and hands each event's data (with its id) to a consumer. */
final class SseReader {
    record Event(String id, String event, String data) {}

    private SseReader() {}

    /** Reads until the end of the stream. */
    static void read(BufferedReader reader, Consumer<Event> sink) throws IOException {
        StringBuilder data = new StringBuilder();
        String id = null;
        String event = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (!data.isEmpty()) {
                    sink.accept(new Event(id, event, data.toString()));
                }
                data.setLength(0);
                event = null;
                continue;
            }
            if (line.startsWith(":")) {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "data" -> data.append(data.isEmpty() ? "" : "\n").append(value);
                case "id" -> id = value;
                case "event" -> event = value;
                default -> { }
            }
        }
        if (!data.isEmpty()) {
            sink.accept(new Event(id, event, data.toString()));
        }
    }
}
