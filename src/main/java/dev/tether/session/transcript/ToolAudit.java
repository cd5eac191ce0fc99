package dev.tether.session.transcript;

import dev.tether.json.Json;
import dev.tether.tools.Tool;
import dev.tether.tools.permission.PermissionDecision;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session's audit log of MCP calls and commands (JSON Lines beside the transcript): what was called on
 * which server with which effective hints, what the permission gate decided and on what grounds
 * ({@code decidedBy}: {@code policy}, {@code remembered} or {@code user}), how long it took
 * and how it ended, with the tool's own details (validation errors, a bounded structured
 * result). Of the built-in tools only {@code run_command} is audited (where the command ran and
 * whether the user let it out of the sandbox); the transcript holds the calls themselves.
 */
public final class ToolAudit {
    /** Decisions kept for {@link #recent()}. */
    static final int RECENT = 20;

    private final Transcript log;
    private final Map<String, PermissionDecision.Basis> bases = new ConcurrentHashMap<>();
    private final Deque<Decided> recent = new ArrayDeque<>();

    /**
     * One permission decision of any tool, for the status page: the tool's name as the model
     * calls it, the decision ({@code allowed}, {@code rejected}, {@code denied}, {@code cancelled},
     * {@code unavailable}) and who made it ({@code decidedBy}'s words; null when nobody did).
     */
    public record Decided(Instant at, String tool, String decision, String decidedBy) {}

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
        synchronized (recent) {
            recent.addFirst(new Decided(Instant.now(), tool.definition().name(), decision, basis == null ? null : basis.id()));
            if (recent.size() > RECENT) {
                recent.removeLast();
            }
        }
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

    /** The last decisions, built-in tools' too, newest first (a call is listed once it ended or was refused). */
    public List<Decided> recent() {
        synchronized (recent) {
            return List.copyOf(recent);
        }
    }

    public void close() {
        log.close();
    }
}
