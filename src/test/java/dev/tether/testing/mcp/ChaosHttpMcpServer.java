package dev.tether.testing.mcp;

import dev.tether.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A streamable-HTTP MCP server on 127.0.0.1 (port 0) that breaks HTTP on request, for the fault
 * suite. It speaks the real wire format by hand on raw sockets (one request per connection):
 * {@code initialize} opens a session ({@code Mcp-Session-Id}), a request for an unknown session
 * is 404, DELETE ends a session, a GET without {@code Last-Event-ID} is 405 (no standalone stream).
 *
 * <p><b>Tools</b>: {@code echo {text}}; {@code expire} (the first call finds the server restarted:
 * every session is forgotten and the call gets 404; later calls answer "survived the expiry");
 * {@code unauthorized} (401 with a Bearer challenge); {@code fail500} (HTTP 500); {@code cut} (an SSE
 * answer that sends a priming event {@code id: cut-N} and is cut before the answer, which a
 * {@code GET} with {@code Last-Event-ID: cut-N} then delivers); {@code reset} (the connection is
 * reset: TCP RST, no answer).
 */
public final class ChaosHttpMcpServer implements AutoCloseable {
    private final ServerSocket socket;
    private final Set<String> sessions = ConcurrentHashMap.newKeySet();
    private final Map<String, String> heldAnswers = new ConcurrentHashMap<>();
    private final AtomicInteger nextSession = new AtomicInteger();
    private final AtomicInteger nextEvent = new AtomicInteger();
    private final AtomicBoolean expired = new AtomicBoolean();
    private final AtomicInteger resumed = new AtomicInteger();
    private final AtomicInteger initializes = new AtomicInteger();

    public ChaosHttpMcpServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("chaos-http-accept").start(this::accept);
    }

    public String url() {
        return "http://127.0.0.1:" + socket.getLocalPort() + "/mcp";
    }

    /** How many cut answers were resumed by a GET with {@code Last-Event-ID}. */
    public int resumed() {
        return resumed.get();
    }

    /** How many {@code initialize} requests arrived (one per connect or reconnect). */
    public int initializes() {
        return initializes.get();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Thread.ofVirtual().name("chaos-http-conn").start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
            Map<String, String> head = readHead(in);
            if (head == null) {
                return;
            }
            String method = head.get(":method");
            String session = head.get("mcp-session-id");
            switch (method) {
                case "POST" -> post(client, out, session, Json.parse(new String(in.readNBytes(
                        Integer.parseInt(head.getOrDefault("content-length", "0"))), StandardCharsets.UTF_8)));
                case "GET" -> resume(out, head.get("last-event-id"));
                case "DELETE" -> {
                    sessions.remove(session);
                    respond(out, 200, Map.of(), null);
                }
                default -> respond(out, 405, Map.of(), null);
            }
        } catch (IOException | RuntimeException e) {
            // The client went away or the test tore the server down.
        }
    }

    private void post(Socket client, OutputStream out, String session, JsonNode message) throws IOException {
        String method = message.path("method").asString(null);
        JsonNode id = message.get("id");
        if (method == null || id == null) {
            respond(out, 202, Map.of(), null); // a notification or an answer
            return;
        }
        if (method.equals("initialize")) {
            initializes.incrementAndGet();
            String fresh = "chaos-session-" + nextSession.incrementAndGet();
            sessions.add(fresh);
            ObjectNode result = Json.object().put("protocolVersion", "2025-11-25");
            result.putObject("capabilities").putObject("tools");
            result.putObject("serverInfo").put("name", "chaos-http").put("version", "1");
            respond(out, 200, Map.of("Mcp-Session-Id", fresh), answer(id, result));
            return;
        }
        if (session == null || !sessions.contains(session)) {
            respond(out, 404, Map.of(), null);
            return;
        }
        switch (method) {
            case "tools/list" -> respond(out, 200, Map.of(), answer(id, tools()));
            case "tools/call" -> call(client, out, id, message.path("params"));
            case "ping" -> respond(out, 200, Map.of(), answer(id, Json.object()));
            default -> respond(out, 200, Map.of(), "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
        }
    }

    private void call(Socket client, OutputStream out, JsonNode id, JsonNode params) throws IOException {
        JsonNode args = params.path("arguments");
        switch (params.path("name").asString("")) {
            case "echo" -> respond(out, 200, Map.of(), answer(id, text(args.path("text").asString(""))));
            case "expire" -> {
                if (expired.compareAndSet(false, true)) {
                    sessions.clear();
                    respond(out, 404, Map.of(), null);
                } else {
                    respond(out, 200, Map.of(), answer(id, text("survived the expiry")));
                }
            }
            case "unauthorized" -> respond(out, 401, Map.of("WWW-Authenticate", "Bearer realm=\"chaos\""), null);
            case "fail500" -> respond(out, 500, Map.of(), null);
            case "cut" -> {
                String event = "cut-" + nextEvent.incrementAndGet();
                heldAnswers.put(event, answer(id, text("resumed after the cut")));
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n"
                        + "id: " + event + "\nretry: 50\ndata: \n\n").getBytes(StandardCharsets.UTF_8));
                out.flush(); // and the stream ends here, before the answer
            }
            case "reset" -> {
                client.setSoLinger(true, 0);
                client.close();
            }
            default -> respond(out, 200, Map.of(), "{\"jsonrpc\":\"2.0\",\"id\":" + id
                    + ",\"error\":{\"code\":-32602,\"message\":\"unknown tool\"}}");
        }
    }

    private void resume(OutputStream out, String lastEventId) throws IOException {
        String held = lastEventId == null ? null : heldAnswers.remove(lastEventId);
        if (held == null) {
            respond(out, 405, Map.of(), null);
            return;
        }
        resumed.incrementAndGet();
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n"
                + "id: " + lastEventId + "-answer\ndata: " + held + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static ObjectNode tools() {
        ObjectNode result = Json.object();
        var list = result.putArray("tools");
        for (String name : new String[] {"echo", "expire", "unauthorized", "fail500", "cut", "reset"}) {
            ObjectNode tool = list.addObject().put("name", name).put("description", "chaos-http: " + name);
            tool.putObject("inputSchema").put("type", "object");
        }
        return result;
    }

    private static ObjectNode text(String text) {
        ObjectNode result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return result;
    }

    private static String answer(JsonNode id, JsonNode result) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + Json.write(result) + "}";
    }

    private static void respond(OutputStream out, int status, Map<String, String> headers, String json) throws IOException {
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        if (json != null) {
            head.append("Content-Type: application/json\r\n");
        }
        head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 202 -> "Accepted";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            default -> "Internal Server Error";
        };
    }

    /** The request line and headers (names lower-cased; the method under {@code :method}), or null at EOF. */
    private static Map<String, String> readHead(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            bytes.write(b);
            String soFar = bytes.toString(StandardCharsets.US_ASCII);
            if (soFar.endsWith("\r\n\r\n")) {
                Map<String, String> head = new LinkedHashMap<>();
                String[] lines = soFar.split("\r\n");
                head.put(":method", lines[0].substring(0, lines[0].indexOf(' ')));
                for (int i = 1; i < lines.length; i++) {
                    int colon = lines[i].indexOf(':');
                    if (colon > 0) {
                        head.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
                    }
                }
                return head;
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
