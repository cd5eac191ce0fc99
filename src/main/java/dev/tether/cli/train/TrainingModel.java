package dev.tether.cli.train;

import dev.tether.json.Json;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import tools.jackson.databind.JsonNode;

/**
 * The model of the start-up cache's training run ({@link Training}): a plain HTTP/1.1 server on
 * 127.0.0.1 that answers {@code POST /v1/messages} (Anthropic) and {@code POST /v1/chat/completions}
 * (OpenAI) with server-sent events, so that the turn's request, stream and JSON code runs as it does
 * against a real provider. What it answers depends on the last user message: a tool result gets a
 * closing text; a prompt naming {@code [read]} or {@code [mcp]} gets a call of that tool; {@code [wait]}
 * gets the start of a message and then nothing until the client goes (the cancel path).
 */
final class TrainingModel implements AutoCloseable {
    static final String MCP_TOOL = "mcp__chaos__echo";

    private final ServerSocket socket;
    private final Thread acceptor;
    private volatile CountDownLatch waiting = new CountDownLatch(1);

    TrainingModel() throws IOException {
        socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = Thread.ofPlatform().daemon().name("training-model").start(this::accept);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    /** Counts down when a {@code [wait]} request is being held open; rearmed by {@link #rearm()}. */
    CountDownLatch waiting() {
        return waiting;
    }

    void rearm() {
        waiting = new CountDownLatch(1);
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                Thread.ofVirtual().start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client; InputStream in = new BufferedInputStream(client.getInputStream()); OutputStream out = client.getOutputStream()) {
            while (true) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                int length = contentLength(head);
                JsonNode body = Json.parse(new String(in.readNBytes(length), StandardCharsets.UTF_8));
                boolean openai = head.startsWith("POST /v1/chat/completions");
                if (!openai && !head.startsWith("POST /v1/messages")) {
                    out.write("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    continue;
                }
                answer(body, openai, out);
            }
        } catch (IOException | RuntimeException e) {
            // The client went (a cancelled stream) or sent something this server does not read: nothing to answer.
        }
    }

    private void answer(JsonNode body, boolean openai, OutputStream out) throws IOException {
        JsonNode messages = body.path("messages");
        JsonNode last = messages.get(messages.size() - 1);
        String lastText = Json.write(last);
        boolean toolResult = openai ? "tool".equals(last.path("role").asString()) : lastText.contains("\"tool_result\"");
        out.write(("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\n"
                + "transfer-encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        if (!toolResult && lastText.contains("[wait]")) {
            chunk(out, openai ? TrainingStreams.openAiStart() : TrainingStreams.anthropicStart());
            waiting.countDown();
            // Held open until the client closes the connection (session/cancel), which ends serve().
            while (true) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
                chunk(out, openai ? ": keep-alive\n\n" : "event: ping\ndata: {\"type\":\"ping\"}\n\n");
            }
        }
        String tool = toolResult ? null : lastText.contains("[read]") ? "read_file" : lastText.contains("[mcp]") ? MCP_TOOL : null;
        String input = "read_file".equals(tool) ? "{\"path\":\"notes.txt\"}" : "{\"text\":\"trained\"}";
        String events = tool == null
                ? (openai ? TrainingStreams.openAiText("Done.") : TrainingStreams.anthropicText("Done."))
                : (openai ? TrainingStreams.openAiTool(tool, input) : TrainingStreams.anthropicTool(tool, input));
        for (String event : events.split("(?<=\n\n)")) {
            chunk(out, event);
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void chunk(OutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The request line and headers, or null at the end of the stream. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            matched = (b == '\r' || b == '\n') ? matched + 1 : 0;
            if (matched == 4) {
                return head.toString(StandardCharsets.US_ASCII);
            }
        }
        return null;
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("content-length")) {
                return Integer.parseInt(line.substring(colon + 1).trim());
            }
        }
        throw new IllegalStateException("training model: a request without content-length");
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
