package dev.tether.mcp.client;

import dev.tether.json.Json;
import dev.tether.jsonrpc.InboundHandler;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.Message;
import dev.tether.mcp.interaction.ServerRequestHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * What a server sends on its own, routed for one {@link McpClientSession}: {@code ping} is
 * answered {@code {}}; roots, sampling and elicitation requests go to the runtime's
 * {@link ServerRequestHandler}; anything else is -32601. Notifications go to progress, the tool
 * and content refreshes, the listen streams of a 2026-07-28 session (their acknowledgement, and
 * on stdio the server's {@code notifications/cancelled} that ends one), or the interaction half.
 * Runs on the reader thread.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
final class ServerMessages implements InboundHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ServerMessages.class);

    private final String server;
    private final McpClientSession session;
    private final ServerRequestHandler serverRequests;

    ServerMessages(String server, McpClientSession session, ServerRequestHandler serverRequests) {
        this.server = server;
        this.session = session;
        this.serverRequests = serverRequests;
    }

    @Override
    public JsonNode onRequest(InboundRequest request) {
        if ("ping".equals(request.method())) {
            return Json.object();
        }
        if (ServerRequestHandler.ROUTED.contains(request.method())) {
            return session.serveRequest(request);
        }
        throw JsonRpcException.methodNotFound(request.method());
    }

    @Override
    public void onNotification(Message.Notification notification) {
        switch (notification.method()) {
            case "notifications/progress" -> session.progress(notification.params());
            case "notifications/tools/list_changed" -> session.toolsChanged();
            case "notifications/resources/list_changed" -> session.contentNotifications().resourcesChanged();
            case "notifications/prompts/list_changed" -> session.contentNotifications().promptsChanged();
            case "notifications/resources/updated" -> resourceUpdated(notification.params());
            case "notifications/tasks/status" -> session.taskStatus(notification.params());
            case "notifications/subscriptions/acknowledged" -> session.listens().acknowledged(notification.params());
            case "notifications/cancelled" -> {
                // Names none of the server's own requests (those are cancelled in the connection).
                if (!session.listens().cancelled(notification.params())) {
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
            session.contentNotifications().resourceUpdated(uri);
        }
    }
}
