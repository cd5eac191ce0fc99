package dev.tether.mcp.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Everything the user may look at about one server of a session, for a status view: a snapshot
 * taken when asked, never model input. Texts from the server (descriptions, errors, stderr, log
 * messages) are as the runtime keeps them (errors and stderr redacted, log messages sanitised);
 * whoever shows them still escapes them for their medium.
 *
 * @param status   where it stands now
 * @param history  its last state changes, oldest first (a bounded number)
 * @param stderr   the last lines of a stdio server's stderr, redacted; "" for others
 * @param calls    its {@code tools/call} figures since the session started
 * @param tools    its committed tool catalog, each with the name the model knows it by
 * @param catalog  when the tool catalog last changed; null before the first one
 * @param logs     its recent log messages ({@code notifications/message}), oldest first
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging">MCP logging</a>
 */
public record ServerReport(ServerStatus status, List<Change> history, String stderr, Calls calls, List<Tool> tools,
                           List<Resource> resources, List<Prompt> prompts, Instant catalog, List<Log> logs) {
    public ServerReport {
        history = List.copyOf(history);
        tools = List.copyOf(tools);
        resources = List.copyOf(resources);
        prompts = List.copyOf(prompts);
        logs = List.copyOf(logs);
    }

    /** A state the server entered, when, and why (redacted; null when there was nothing to say). */
    public record Change(Instant at, ServerStatus.State state, String reason) {}

    /**
     * How its tool calls went: how many were sent, how many failed (an error answer, a timeout, a
     * lost connection; a tool's own {@code isError} result counts as answered) or were cancelled,
     * and percentiles of the latency of the answered and failed ones (null before the first).
     */
    public record Calls(long sent, long failed, long cancelled, Duration p50, Duration p90, Duration p99) {
        public static final Calls NONE = new Calls(0, 0, 0, null, null, null);
    }

    /**
     * One tool of the catalog.
     *
     * @param modelName the name the model calls it by ({@code mcp__<server>__<tool>}), or null when
     *                  it is not offered (the user's lists, a task it would need, an invalid mark)
     * @param hints     its annotations with the user's overrides applied (the server's claims)
     */
    public record Tool(String name, String modelName, String title, String description, McpToolInfo.Hints hints) {}

    /** One resource, or a resource template ({@code template}: its URI is a template). */
    public record Resource(String uri, String name, String description, boolean template) {}

    public record Prompt(String name, String description) {}

    public record Log(Instant at, String level, String logger, String text) {}
}
