package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.interaction.ServerRequestHandler;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerRequestRoutingTest {

    @Test
    void pingIsAnsweredAndUnofferedOrUnknownRequestsAreMethodNotFound() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("asker")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals("{\"result\":{}}", text(runtime, "asker", "ask", args("method", "ping")));
            for (String method : List.of("roots/list", "sampling/createMessage", "elicitation/create")) {
                assertEquals("{\"error\":{\"code\":-32601,\"message\":\"" + method + " is not offered by this client\"}}",
                        text(runtime, "asker", "ask", args("method", method)));
            }
            assertEquals("{\"error\":{\"code\":-32601,\"message\":\"Method not found: tasks/frobnicate\"}}",
                    text(runtime, "asker", "ask", args("method", "tasks/frobnicate")));
        }
    }

    @Test
    void rootsSamplingAndElicitationGoToTheRuntimesHandler() {
        ServerRequestHandler handler = (server, request) -> {
            var answer = Json.object();
            answer.put("server", server).put("method", request.method());
            return answer;
        };
        McpConnectionSettings settings = McpConnectionSettings.DEFAULT.withServerRequests(handler);
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("asker")), options(), McpRuntimeListener.NONE, settings)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals("{\"result\":{\"server\":\"asker\",\"method\":\"roots/list\"}}",
                    text(runtime, "asker", "ask", args("method", "roots/list")));
            assertEquals("{\"error\":{\"code\":-32601,\"message\":\"Method not found: foo/bar\"}}",
                    text(runtime, "asker", "ask", args("method", "foo/bar")));
        }
    }
}
