package dev.tether.attacks;

import dev.tether.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * A streamable-HTTP MCP server on 127.0.0.1 whose tools answer without end: {@code flood_json}
 * (one JSON body that never closes), {@code flood_sse_event} (one SSE event of ever more
 * {@code data:} lines), {@code endless_sse_line} (one SSE line that never ends) and {@code echo}
 * (a normal answer). Every answer closes its connection; a flood stops as soon as a write fails
 * — the client stopped reading — and never passes {@link #HARD_STOP} bytes, so a test never
 * streams a gigabyte. {@link #written} counts what each flood got out.
 */
final class HostileHttpMcpServer implements AutoCloseable {
    /** What a flood would send at most if nobody stopped reading: the "1 GB" answer. */
    static final long HARD_STOP = 1L << 30;

    private final ServerSocket socket;
    private final Map<String, AtomicLong> written = new ConcurrentHashMap<>();
    private final Map<String, Boolean> finished = new ConcurrentHashMap<>();

    HostileHttpMcpServer() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("hostile-http-accept").start(this::accept);
    }

    String url() {
        return "http://127.0.0.1:" + socket.getLocalPort() + "/mcp";
    }

    /** Bytes a flood tool wrote before the client stopped reading. */
    long written(String tool) {
        return written.computeIfAbsent(tool, t -> new AtomicLong()).get();
    }

    /** Whether the flood of {@code tool} has stopped writing. */
    boolean finished(String tool) {
        return finished.getOrDefault(tool, false);
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Thread.ofPlatform().daemon().name("hostile-http-conn").start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
            String head = readHead(in);
            if (head == null) {
                return;
            }
            String method = head.substring(0, head.indexOf(' '));
            int length = 0;
            for (String line : head.split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            if (!method.equals("POST")) {
                respond(out, method.equals("DELETE") ? 200 : 405, null, "");
                return;
            }
            JsonNode message = Json.parse(new String(in.readNBytes(length), StandardCharsets.UTF_8));
            JsonNode id = message.get("id");
            String rpc = message.path("method").asString("");
            switch (rpc) {
                case "initialize" -> respond(out, 200, "application/json", answer(id, """
                        {"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"hostile","version":"1"}}"""));
                case "tools/list" -> respond(out, 200, "application/json", answer(id, """
                        {"tools":[{"name":"flood_json","inputSchema":{"type":"object"}},
                        {"name":"flood_sse_event","inputSchema":{"type":"object"}},
                        {"name":"endless_sse_line","inputSchema":{"type":"object"}},
                        {"name":"echo","inputSchema":{"type":"object"}}]}"""));
                case "tools/call" -> call(out, id, message.path("params").path("name").asString(""));
                case "ping" -> respond(out, 200, "application/json", answer(id, "{}"));
                default -> respond(out, id == null ? 202 : 200, id == null ? null : "application/json",
                        id == null ? "" : answer(id, "{}"));
            }
        } catch (IOException | RuntimeException e) {
            // The client went away: nothing more to serve on this connection.
        }
    }

    private void call(OutputStream out, JsonNode id, String tool) throws IOException {
        String opening = "{\"jsonrpc\":\"2.0\",\"id\":" + Json.write(id) + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"";
        switch (tool) {
            case "echo" -> respond(out, 200, "application/json", answer(id, "{\"content\":[{\"type\":\"text\",\"text\":\"still here\"}]}"));
            case "flood_json" -> flood(out, tool, "application/json", opening, chunk("x", 64 * 1024));
            case "flood_sse_event" -> flood(out, tool, "text/event-stream", "data: " + opening + "\n", "data: " + chunk("y", 1023) + "\n");
            case "endless_sse_line" -> flood(out, tool, "text/event-stream", "data: " + opening, chunk("z", 64 * 1024));
            default -> respond(out, 200, "application/json", answer(id, "{\"content\":[],\"isError\":true}"));
        }
    }

    private void flood(OutputStream out, String tool, String type, String opening, String repeated) throws IOException {
        AtomicLong count = written.computeIfAbsent(tool, t -> new AtomicLong());
        try {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] first = opening.getBytes(StandardCharsets.UTF_8);
            out.write(first);
            count.addAndGet(first.length);
            byte[] bytes = repeated.getBytes(StandardCharsets.UTF_8);
            while (count.get() < HARD_STOP) {
                out.write(bytes);
                count.addAndGet(bytes.length);
            }
        } finally {
            finished.put(tool, true);
        }
    }

    private static String chunk(String letter, int size) {
        return letter.repeat(size);
    }

    private static String answer(JsonNode id, String result) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + Json.write(id) + ",\"result\":" + result.strip() + "}";
    }

    private static void respond(OutputStream out, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " X\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n")
                + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            head.write(b);
            byte[] all = head.toByteArray();
            int n = all.length;
            if (n >= 4 && Arrays.equals(Arrays.copyOfRange(all, n - 4, n), new byte[] {'\r', '\n', '\r', '\n'})) {
                return head.toString(StandardCharsets.US_ASCII);
            }
            if (n > 64 * 1024) {
                return null;
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
