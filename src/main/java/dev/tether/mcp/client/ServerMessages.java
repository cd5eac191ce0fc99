package dev.tether.mcp.client;

import dev.tether.json.Json;
import dev.tether.jsonrpc.InboundHandler;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.Message;
import dev.tether.mcp.content.ContentNotifications;
import dev.tether.mcp.interaction.ServerRequestHandler;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * What a server sends on its own, routed for one {@link McpClientSession}: {@code ping} is
 * answered {@code {}}; roots, sampling and elicitation requests go to the session's
 * {@link InputRounds.Answerer} (the runtime's {@link ServerRequestHandler}, its time counted as
 * serving); anything else is -32601. Notifications go to the calls' progress routes, the
 * listeners for tool, content and task changes, the listen streams of a 2026-07-28 session (their
 * acknowledgement, and on stdio the server's {@code notifications/cancelled} that ends one), or the
 * interaction half. Runs on the reader thread.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
final class ServerMessages implements InboundHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ServerMessages.class);

    private final String server;
    private final InputRounds.Answerer answerer;
    private final ServerRequestHandler serverRequests;
    private final Runnable toolsChanged;
    private final ProgressRoutes progress;
    private volatile ListenRequests listens;
    private volatile Consumer<String> taskStatus = id -> {};
    private volatile ContentNotifications content = ContentNotifications.NONE;

    /**
     * @param answerer       answers the server's roots, sampling and elicitation requests
     * @param serverRequests takes the interaction notifications ({@code notifications/message}, …)
     * @param toolsChanged   runs for {@code notifications/tools/list_changed}; must not block
     */
    ServerMessages(String server, InputRounds.Answerer answerer, ServerRequestHandler serverRequests, Runnable toolsChanged,
                   ProgressRoutes progress) {
        this.server = server;
        this.answerer = answerer;
        this.serverRequests = serverRequests;
        this.toolsChanged = toolsChanged;
        this.progress = progress;
    }

    /**
     * Routes the acknowledgements and (stdio) cancellations of listen streams to {@code listens}; set
     * before reading starts. The requests that open them go out on the connection this routes for,
     * so they cannot be made first.
     */
    void onListens(ListenRequests listens) {
        this.listens = listens;
    }

    /** Routes resource and prompt notifications to {@code listener} (none when null). */
    void onContent(ContentNotifications listener) {
        this.content = listener == null ? ContentNotifications.NONE : listener;
    }

    /** Routes {@code notifications/tasks/status} and {@code notifications/tasks} (the server's task id) to {@code listener} (none when null). */
    void onTaskStatus(Consumer<String> listener) {
        this.taskStatus = listener == null ? id -> {} : listener;
    }

    @Override
    public JsonNode onRequest(InboundRequest request) {
        if ("ping".equals(request.method())) {
            return Json.object();
        }
        if (ServerRequestHandler.ROUTED.contains(request.method())) {
            return answerer.answer(request);
        }
        throw JsonRpcException.methodNotFound(request.method());
    }

    @Override
    public void onNotification(Message.Notification notification) {
        switch (notification.method()) {
            case "notifications/progress" -> progress.route(notification.params());
            case "notifications/tools/list_changed" -> toolsChanged.run();
            case "notifications/resources/list_changed" -> content.resourcesChanged();
            case "notifications/prompts/list_changed" -> content.promptsChanged();
            case "notifications/resources/updated" -> resourceUpdated(notification.params());
            // 2025-11-25 tasks, and the 2026 tasks extension's notifications/tasks on a listen stream: both only wake
            // the watcher of a task Tether started; the task's state is read with tasks/get, never from the notification.
            case "notifications/tasks/status", "notifications/tasks" -> taskStatus(notification.params());
            case "notifications/subscriptions/acknowledged" -> listens.acknowledged(notification.params());
            case "notifications/cancelled" -> {
                // Names none of the server's own requests (those are cancelled in the connection).
                if (!listens.cancelled(notification.params())) {
                    LOG.debug("mcp {}: a cancellation of no known request ignored", server);
                }
            }
            case "notifications/message", "notifications/elicitation/complete" ->
                    serverRequests.onNotification(server, notification.method(), notification.params());
            default -> LOG.debug("mcp {}: notification {} ignored", server, notification.method());
        }
    }

    private void resourceUpdated(JsonNode params) {
        String uri = McpWire.text(params, "uri");
        if (uri != null) {
            content.resourceUpdated(uri);
        }
    }

    private void taskStatus(JsonNode params) {
        String id = McpWire.text(params, "taskId");
        if (id != null && !id.isEmpty() && id.length() <= ListenFilter.MAX_TASK_ID_CHARS) {
            taskStatus.accept(id);
        }
    }
}
