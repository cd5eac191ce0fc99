package dev.tether.http.status;

import java.util.List;
import java.util.Set;

/**
 * What the status page shows, as plain values: the page renders them, {@code /api/status} sends
 * them as JSON (the same records, so a script reads what a person sees). Times are ISO-8601 text,
 * durations whole milliseconds; a value nobody knows is null. Whoever fills them need not clean
 * the texts: every string is masked and sanitised once, on the way out ({@link StatusJson}).
 */
public final class StatusView {
    private StatusView() {}

    /** The whole page: this Tether process and its live sessions. */
    public record Snapshot(String tether, String at, List<Session> sessions) {
        public Snapshot {
            sessions = List.copyOf(sessions);
        }
    }

    /**
     * One live session.
     *
     * @param context   how much of the model's context window the last request used
     * @param decisions the last permission decisions, newest first
     * @param notices   what the session told the user about its servers and configuration, newest first
     */
    public record Session(String id, String title, String cwd, String mode, String model, Context context, List<Server> servers,
                          List<Task> tasks, List<Decision> decisions, Sandbox sandbox, List<Notice> notices) {
        public Session {
            servers = List.copyOf(servers);
            tasks = List.copyOf(tasks);
            decisions = List.copyOf(decisions);
            notices = List.copyOf(notices);
        }
    }

    /** Tokens of the last model request against the model's context window; both null before the first report. */
    public record Context(Long used, Long window) {}

    /**
     * One MCP server of a session.
     *
     * @param source    who declared it: {@code editor}, {@code user} or {@code project}
     * @param transport {@code stdio}, {@code http}, {@code sse} or {@code ws}
     * @param state     {@code connecting}, {@code ready}, {@code recovering}, {@code failed},
     *                  {@code needs sign-in}, {@code disconnected}, or why it does not run
     *                  ({@code disabled}, {@code blocked}, {@code needs approval}, …)
     * @param error     the last error, in plain words, or null
     * @param history   the states it went through, oldest first
     * @param stderr    the last lines of its stderr (stdio servers), masked
     */
    public record Server(String name, String source, String transport, String protocol, String state, String error,
                         List<Change> history, String stderr, Calls calls, Catalog catalog, List<Log> logs) {
        /** The states of a server that runs, or tries to: the ones a reconnect applies to. */
        public static final Set<String> RUNNING = Set.of("connecting", "ready", "recovering", "failed", "needs sign-in", "disconnected");

        public Server {
            history = List.copyOf(history);
            logs = List.copyOf(logs);
        }
    }

    public record Change(String at, String state, String reason) {}

    /** Tool calls sent, failed and cancelled, and latency percentiles in milliseconds (null before the first answer). */
    public record Calls(long sent, long failed, long cancelled, Long p50Ms, Long p90Ms, Long p99Ms) {}

    /**
     * A server's catalogs as the session has them.
     *
     * @param revision  the tool catalog's revision (0: none yet)
     * @param changedAt when the tool catalog last changed, or null
     */
    public record Catalog(long revision, String changedAt, List<Tool> tools, List<Resource> resources, List<Prompt> prompts) {
        public Catalog {
            tools = List.copyOf(tools);
            resources = List.copyOf(resources);
            prompts = List.copyOf(prompts);
        }
    }

    /**
     * One tool of a server.
     *
     * @param modelName the name the model calls it by, or null when it is not offered
     * @param hints     the annotations that hold for it ({@code read-only}, {@code destructive},
     *                  {@code idempotent}, {@code open-world}): the server's claims with the user's overrides
     * @param deferred  whether the last model request left its definition out (found with {@code tool_search})
     */
    public record Tool(String name, String modelName, String title, String description, List<String> hints, boolean deferred) {
        public Tool {
            hints = List.copyOf(hints);
        }
    }

    public record Resource(String uri, String name, String description, boolean template) {}

    public record Prompt(String name, String description) {}

    public record Log(String at, String level, String logger, String text) {}

    /** An MCP task that has not ended: Tether's id (never the server's), its server and tool, its status and message. */
    public record Task(String id, String server, String tool, String status, String message, String since) {}

    /**
     * A permission decision.
     *
     * @param decision  {@code allowed}, {@code rejected}, {@code denied}, {@code cancelled} or {@code unavailable}
     * @param decidedBy who decided, in the audit log's words ({@code policy}, {@code remembered}, {@code user}); null when nobody did
     */
    public record Decision(String at, String tool, String decision, String decidedBy) {}

    /** {@code severity}: {@code info}, {@code warning} or {@code error}. */
    public record Notice(String at, String severity, String text) {}

    /** Whether commands run in an OS sandbox, and what that means. */
    public record Sandbox(String state, String detail) {}
}
