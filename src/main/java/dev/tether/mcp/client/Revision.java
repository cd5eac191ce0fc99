package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerStatus;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Everything in which the MCP revisions Tether speaks differ, for one session: one implementation
 * per revision, committed once by the session's {@link Handshake} together with the server's
 * greeting. {@link Stateful2025} follows {@code initialize} (2025-11-25, and the older revisions it
 * accepts, which differ from it in nothing Tether sends); {@link Stateless2026} follows
 * {@code server/discover}. The session and its helpers ask the revision how a request is enveloped
 * and completed, how an idle server is probed, how the log level reaches the server, how tasks
 * run, which listed tools are offered, and whether per-resource subscriptions or a listen stream
 * carry resource updates; nothing else tells the revisions apart.
 *
 * <p>Before a greeting a session holds a {@link Stateful2025} without one: its requests go out
 * plain (as {@code initialize} itself does) and nothing that needs a capability is sent.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP 2025-11-25 lifecycle</a>
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle">MCP 2026-07-28 lifecycle</a>
 */
sealed interface Revision permits Stateful2025, Stateless2026 {

    /** The server spoken with, as messages name it. */
    String server();

    /** What the server said about itself in its greeting; null before one. */
    McpClientSession.Initialized initialized();

    /** Whether the server declared {@code capability} (e.g. {@code tools}) in its greeting. */
    default boolean declares(String capability) {
        McpClientSession.Initialized init = initialized();
        JsonNode value = init == null ? null : init.capabilities().get(capability);
        return value != null && value.isObject();
    }

    /** Whether the server declared {@code listChanged} for its {@code kind} list ({@code tools}, {@code prompts}, {@code resources}). */
    default boolean declaresListChanged(String kind) {
        McpClientSession.Initialized init = initialized();
        return init != null && init.capabilities().path(kind).path("listChanged").asBoolean(false);
    }

    /**
     * Fails readably when the server did not declare what {@code method} needs; sending it anyway
     * would be a protocol violation that servers answer inconsistently.
     *
     * @throws McpError.NotReady no greeting yet
     * @throws McpError.Refused  the server did not declare {@code capability}
     */
    default void require(String capability, String method) {
        if (initialized() == null) {
            throw new McpError.NotReady(server(), ServerStatus.State.CONNECTING, null,
                    method + " cannot be sent before initialize");
        }
        if (!declares(capability)) {
            throw Failures.undeclared(server(), "the " + capability + " capability", method);
        }
    }

    // ---- the wire ----

    /**
     * {@code params} as this revision sends them: as they are, or a copy stamped with the 2026-07-28
     * envelope ({@code tasks}: which also declares the tasks extension).
     */
    ObjectNode envelope(ObjectNode params, boolean tasks);

    /**
     * {@code first}, the answer to {@code params}, completed: as it came, or through the input rounds
     * a 2026-07-28 answer may ask for, each sent again through {@code again} ({@code tasks}: a task
     * handle is a valid answer; see {@link InputRounds}).
     */
    JsonNode settle(String method, ObjectNode params, JsonNode first, Function<ObjectNode, JsonNode> again, boolean tasks,
                    Cancellation cancellation);

    // ---- liveness and logs ----

    /** The request that asks an idle server whether it is alive: {@code ping}, or {@code server/discover} where there is no ping. */
    String healthProbe();

    /**
     * After the greeting: asks the server for the session's log level where the revision has a
     * request for it ({@code logging/setLevel}, when the server declared {@code logging}); where the
     * level rides every request, nothing is sent.
     *
     * @throws McpError the server refused or timed out
     */
    void applyLogLevel(Duration timeout, Cancellation cancellation);

    // ---- tools and tasks ----

    /** The task requests, as this revision has them. */
    TaskRequests tasks();

    /** The task support of a listed tool that states none ({@code execution.taskSupport}). */
    McpToolInfo.TaskSupport unstatedTaskSupport();

    /** The tools of a whole {@code tools/list} that may be offered; any left out are remembered for {@link #refusedTools}. */
    List<McpToolInfo> offerable(List<McpToolInfo> listed);

    /** Which tools the latest {@code tools/list} left out and why, for {@code /mcp}; null when none. */
    String refusedTools();

    // ---- changes and resource updates ----

    /** The {@code subscriptions/listen} requests, where the revision has them. */
    Optional<ListenRequests> listens();

    /** Whether the server tells this session when its {@code kind} list changes. */
    boolean announcesChanges(String kind);

    /**
     * Starts ({@code subscribe}) or stops updates of {@code uri}: a request of its own, or nothing
     * where the listen stream's filter carries the subscribed resources.
     *
     * @throws McpError the server did not declare subscriptions, refused, or timed out
     */
    void subscription(String uri, boolean subscribe, Duration timeout, Cancellation cancellation);
}
