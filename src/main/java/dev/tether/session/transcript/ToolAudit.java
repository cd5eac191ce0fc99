package dev.tether.session.transcript;

import dev.tether.json.Json;
import dev.tether.tools.Tool;
import dev.tether.tools.permission.PermissionDecision;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session's audit log of MCP calls (JSON Lines beside the transcript): what was called on
 * which server with which effective hints, what the permission gate decided and on what grounds
 * ({@code decidedBy}: {@code policy}, {@code remembered} or {@code user}), how long it took
 * and how it ended, with the tool's own details (validation errors, a bounded structured
 * result). Built-in tools are not audited.
 */
public final class ToolAudit {
    private final Transcript log;
    private final Map<String, PermissionDecision.Basis> bases = new ConcurrentHashMap<>();

    public ToolAudit(Transcript log) {
        this.log = log;
    }

    /**
     * How the permission decision of a call was made (by policy, a remembered approval or the
     * user); written as {@code decidedBy} with the call's record.
     */
    public void decided(String toolCallId, PermissionDecision.Basis basis) {
        bases.put(toolCallId, basis);
    }

    /** One finished (or refused) call; {@code details} may be null. */
    public void record(Tool tool, String toolCallId, String decision, long startedNanos, String outcome, String error, JsonNode details) {
        PermissionDecision.Basis basis = bases.remove(toolCallId);
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
        if (basis != null) {
            entry.put("decidedBy", basis.id());
        }
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

    public void close() {
        log.close();
    }
}
