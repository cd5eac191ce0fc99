package dev.tether.mcp.client;

import dev.tether.mcp.api.McpProgress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The progress of one session's tool calls, routed by token: each call opens a route with a
 * fresh {@code progressToken}, and {@code notifications/progress} reaches the call that owns
 * the token while it runs. Only progress that moves forward passes, and it proves the call alive.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress">MCP progress</a>
 */
final class ProgressRoutes {
    private final Map<String, Consumer<McpProgress>> routes = new ConcurrentHashMap<>();
    private final AtomicLong nextToken = new AtomicLong(1);

    /**
     * Opens a route for one call and returns its {@code progressToken}: progress that moves forward
     * sets {@code lastActivity} (the call's idle clock) and reaches {@code progress}.
     */
    String open(AtomicLong lastActivity, Consumer<McpProgress> progress) {
        String token = "tether-" + nextToken.getAndIncrement();
        double[] highest = {Double.NEGATIVE_INFINITY};
        routes.put(token, p -> {
            // Only progress that moves forward proves the call is alive (the spec requires it to increase).
            synchronized (highest) {
                if (!(p.progress() > highest[0])) {
                    return;
                }
                highest[0] = p.progress();
            }
            lastActivity.set(System.nanoTime());
            progress.accept(p);
        });
        return token;
    }

    /** Forgets {@code token}: its call has ended, and later progress for it is dropped. */
    void close(String token) {
        routes.remove(token);
    }

    /** {@code notifications/progress}: to the call that owns the token, if it still runs. */
    void route(JsonNode params) {
        if (params == null) {
            return;
        }
        JsonNode token = params.get("progressToken");
        Consumer<McpProgress> route = token == null ? null : routes.get(token.asString(""));
        JsonNode value = params.get("progress");
        if (route == null || value == null || !value.isNumber()) {
            return;
        }
        JsonNode total = params.get("total");
        route.accept(new McpProgress(value.asDouble(), total != null && total.isNumber() ? total.asDouble() : null,
                McpWire.text(params, "message")));
    }
}
