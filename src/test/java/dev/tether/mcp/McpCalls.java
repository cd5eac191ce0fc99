package dev.tether.mcp;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpProgress;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/** Test shorthand for calling a chaos tool through a connection and reading its first text. */
final class McpCalls {
    private McpCalls() {}

    static String text(McpRuntime runtime, String server, String tool, ObjectNode args) {
        return text(runtime, server, tool, args, false);
    }

    static String text(McpRuntime runtime, String server, String tool, ObjectNode args, boolean retryable) {
        return text(runtime, server, tool, args, retryable, p -> { });
    }

    /** As above, telling {@code progress} of each progress notification (a test's sign that the call is in flight). */
    static String text(McpRuntime runtime, String server, String tool, ObjectNode args, boolean retryable,
            Consumer<McpProgress> progress) {
        McpCallResult result = runtime.connection(server).call(tool, args == null ? Json.object() : args, retryable,
                Cancellation.root(), progress);
        return ((McpContent.Text) result.content().getFirst()).text();
    }

    static ObjectNode args(String... keyValues) {
        ObjectNode node = Json.object();
        for (int i = 0; i < keyValues.length; i += 2) {
            String v = keyValues[i + 1];
            if (v.matches("-?\\d+")) {
                node.put(keyValues[i], Long.parseLong(v));
            } else if (v.equals("true") || v.equals("false")) {
                node.put(keyValues[i], Boolean.parseBoolean(v));
            } else {
                node.put(keyValues[i], v);
            }
        }
        return node;
    }
}
