package dev.tether.testing.mcp.calls;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP stdio server (own process) whose tools misuse progress on purpose. Tools (each takes
 * {@code delayMs}, the pause between notifications, and never answers unless said):
 * {@code repeat} (the same progress value again and again), {@code foreign} (increasing
 * progress under another token), {@code forever} (valid, increasing progress without end),
 * {@code steps {steps}} (valid progress, then the answer "done"), {@code fail} (answers
 * {@code isError} with a text that leaks a token). Every {@code notifications/cancelled} is
 * reported on stderr as "cancelled ID".
 */
public final class ProgressServer {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode message = JSON.readTree(line);
            String method = message.path("method").asString("");
            JsonNode id = message.get("id");
            switch (method) {
                case "notifications/cancelled" -> System.err.println("cancelled " + message.path("params").path("requestId"));
                case "initialize" -> answer(id, JSON.readTree("""
                        {"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"progress","version":"1"}}"""));
                case "tools/list" -> answer(id, JSON.readTree("""
                        {"tools":[{"name":"repeat","inputSchema":{"type":"object"}},{"name":"foreign","inputSchema":{"type":"object"}},
                        {"name":"forever","inputSchema":{"type":"object"}},{"name":"steps","inputSchema":{"type":"object"}},
                        {"name":"fail","inputSchema":{"type":"object"}}]}"""));
                case "tools/call" -> Thread.ofPlatform().daemon().start(() -> call(id, message.path("params")));
                case "ping" -> answer(id, JSON.createObjectNode());
                default -> {
                    // As a real server turns down a method it lacks (Tether's server/discover probe among
                    // them), so the probe moves on to initialize at once instead of waiting out its 10 s.
                    if (id != null) {
                        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
                    }
                }
            }
        }
    }

    private static void call(JsonNode id, JsonNode params) {
        JsonNode args = params.path("arguments");
        JsonNode token = params.path("_meta").get("progressToken");
        int delay = args.path("delayMs").asInt(100);
        switch (params.path("name").asString("")) {
            case "repeat" -> {
                progress(token, 1);
                for (int i = 0; i < 1000; i++) {
                    sleep(delay);
                    progress(token, 1);
                }
            }
            case "foreign" -> {
                for (int i = 1; i < 1000; i++) {
                    sleep(delay);
                    progress(JSON.getNodeFactory().stringNode("someone-else"), i);
                }
            }
            case "forever" -> {
                for (int i = 1; ; i++) {
                    sleep(delay);
                    progress(token, i);
                }
            }
            case "steps" -> {
                int steps = args.path("steps").asInt(3);
                for (int i = 1; i <= steps; i++) {
                    sleep(delay);
                    progress(token, i);
                }
                ObjectNode result = JSON.createObjectNode();
                result.putArray("content").addObject().put("type", "text").put("text", "done");
                answer(id, result);
            }
            case "fail" -> {
                ObjectNode result = JSON.createObjectNode();
                result.putArray("content").addObject().put("type", "text")
                        .put("text", "upstream said 401 for https://bob:hunter2@api.example.com\nAuthorization: Bearer abcdefghijklmnop");
                result.put("isError", true);
                answer(id, result);
            }
            default -> { }
        }
    }

    private static void progress(JsonNode token, int value) {
        ObjectNode p = JSON.createObjectNode();
        p.set("progressToken", token);
        p.put("progress", value);
        p.put("message", "at " + value);
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":" + p + "}");
    }

    private static void answer(JsonNode id, JsonNode result) {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}");
    }

    private static synchronized void send(String frame) {
        OUT.println(frame);
    }

    private static void sleep(int ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ProgressServer() {}
}
