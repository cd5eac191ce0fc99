package dev.tether.cli.exec;

import dev.tether.json.Json;
import java.io.PrintStream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code --json}: one JSON object per line on stdout — every {@code session/update} as an editor
 * receives it, every permission decision, and the result last. Nothing else.
 */
final class JsonLines implements ExecOutput {
    private final PrintStream out;
    private boolean finished;

    JsonLines(PrintStream out) {
        this.out = out;
    }

    @Override
    public synchronized void update(JsonNode params) {
        ObjectNode line = Json.object().put("type", "update");
        line.set("sessionId", params.get("sessionId"));
        line.set("update", params.get("update"));
        write(line);
    }

    @Override
    public synchronized void permission(String sessionId, String toolCallId, String title, String decision, String by) {
        ObjectNode line = Json.object().put("type", "permission").put("sessionId", sessionId).put("toolCallId", toolCallId);
        line.put("title", title).put("decision", decision).put("by", by);
        write(line);
    }


    @Override
    public synchronized void declined(String sessionId, String kind, String message, String url) {
        ObjectNode line = Json.object().put("type", "declined").put("sessionId", sessionId).put("kind", kind).put("message", message);
        if (url != null) {
            line.put("url", url);
        }
        write(line);
    }

    @Override
    public synchronized void result(Result result) {
        ObjectNode line = Json.object().put("type", "result").put("sessionId", result.sessionId())
                .put("stopReason", result.stopReason()).put("text", result.text());
        line.set("usage", result.usage() == null ? Json.object() : result.usage());
        line.put("durationMs", result.durationMs());
        write(line);
        finished = true;
    }

    private void write(ObjectNode line) {
        if (!finished) {
            out.print(Json.write(line) + "\n");
            out.flush();
        }
    }
}
