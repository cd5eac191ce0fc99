package dev.tether.session;

import dev.tether.json.Json;
import dev.tether.tools.Tool;
import java.time.Instant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session's audit log of MCP calls (JSON Lines beside the transcript): what was called on
 * which server with which effective hints, what the permission gate decided, how long it took
 * and how it ended, with the tool's own details (validation errors, a bounded structured
 * result). Built-in tools are not audited.
 */
final class ToolAudit {
    private final Transcript log;

    ToolAudit(Transcript log) {
        this.log = log;
    }

    /** One finished (or refused) call; {@code details} may be null. */
    void record(Tool tool, String toolCallId, String decision, long startedNanos, String outcome, String error, JsonNode details) {
        JsonNode info = tool.auditInfo();
        if (info == null) {
            return;
        }
        ObjectNode entry = Json.object();
        entry.put("ts", Instant.now().toString());
        entry.put("toolCallId", toolCallId);
        entry.put("name", tool.definition().name());
        if (info.isObject()) {
            entry.setAll((ObjectNode) info);
        }
        entry.put("decision", decision);
        entry.put("durationMs", (System.nanoTime() - startedNanos) / 1_000_000);
        entry.put("outcome", outcome);
        if (error != null) {
            entry.put("error", error);
        }
        if (details != null && details.isObject()) {
            entry.setAll((ObjectNode) details);
        }
        log.append(entry);
    }

    void close() {
        log.close();
    }
}
