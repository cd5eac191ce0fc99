package dev.tether.testing.mcp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tether.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A legacy HTTP+SSE MCP server (2024-11-05) on 127.0.0.1, small enough to misbehave on cue:
 * {@code GET /sse} opens a stream that announces {@code /message?session=N} (or nothing, with
 * {@code silent}); POSTs there are answered 202 and their answers sent on the stream. Tools:
 * {@code echo}, {@code big} (an answer of {@code bytes} bytes) and {@code drop} (the stream ends
 * without an answer).
 */
public final class LegacySseMcpServer implements AutoCloseable {
    private static final String DROP = "\u0000drop";

    private final HttpServer server;
    private final boolean silent;
    private final AtomicInteger streams = new AtomicInteger();
    private final Map<String, BlockingQueue<String>> outboxes = new ConcurrentHashMap<>();

    /** @param silent when true, the stream never announces an endpoint */
    public LegacySseMcpServer(boolean silent) throws IOException {
        this.silent = silent;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/sse", this::stream);
        server.createContext("/message", this::message);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/sse";
    }

    /** How many event streams were opened so far. */
    public int streams() {
        return streams.get();
    }

    private void stream(HttpExchange exchange) throws IOException {
        String session = Integer.toString(streams.incrementAndGet());
        BlockingQueue<String> outbox = new LinkedBlockingQueue<>();
        outboxes.put(session, outbox);
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
            // A comment first: the JDK's server sends the headers with the first bytes of the body.
            write(out, silent ? ": no endpoint for you\n\n" : "event: endpoint\ndata: /message?session=" + session + "\n\n");
            for (String next = outbox.take(); !next.equals(DROP); next = outbox.take()) {
                write(out, "event: message\ndata: " + next + "\n\n");
            }
        } catch (IOException | InterruptedException e) {
            // The client went away, or the test ends.
        } finally {
            outboxes.remove(session);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void message(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getQuery();
        BlockingQueue<String> outbox = query == null ? null : outboxes.get(query.replace("session=", ""));
        JsonNode message = Json.parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        exchange.sendResponseHeaders(outbox == null ? 404 : 202, -1);
        exchange.close();
        if (outbox != null && message.has("id") && message.has("method")) {
            outbox.add(answer(message));
        }
    }

    private static String answer(JsonNode message) {
        ObjectNode answer = Json.object().put("jsonrpc", "2.0");
        answer.set("id", message.get("id"));
        JsonNode params = message.path("params");
        switch (message.path("method").asString("")) {
            case "initialize" -> {
                ObjectNode result = answer.putObject("result").put("protocolVersion", "2024-11-05");
                result.putObject("capabilities").putObject("tools");
                result.putObject("serverInfo").put("name", "legacy").put("version", "1");
            }
            case "tools/list" -> {
                ArrayNode tools = answer.putObject("result").putArray("tools");
                for (String name : List.of("echo", "big", "drop")) {
                    tools.addObject().put("name", name).putObject("inputSchema").put("type", "object");
                }
            }
            case "tools/call" -> {
                JsonNode args = params.path("arguments");
                String text = switch (params.path("name").asString("")) {
                    case "drop" -> null;
                    case "big" -> "x".repeat(args.path("bytes").asInt(1024));
                    default -> "echo: " + args.path("message").asString("");
                };
                if (text == null) {
                    return DROP;
                }
                answer.putObject("result").putArray("content").addObject().put("type", "text").put("text", text);
            }
            default -> answer.putObject("error").put("code", -32601).put("message", "no such method");
        }
        return Json.write(answer);
    }

    @Override
    public void close() {
        outboxes.values().forEach(q -> q.add(DROP));
        server.stop(0);
    }
}
