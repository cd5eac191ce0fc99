package dev.tether.testing.mcp;

import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small MCP server over WebSocket on 127.0.0.1, written against RFC 6455 on a plain socket: the
 * handshake (refused without the {@code mcp} subprotocol), the client's masked frames, close
 * frames. Tools: {@code echo} (its answer sent in three fragments), {@code big} (a text of
 * {@code bytes} bytes) and {@code drop} (the server drops the TCP connection without a close frame).
 * It records every handshake's headers.
 */
public final class WebSocketMcpServer implements AutoCloseable {
    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private final ServerSocket server;
    private final List<Map<String, String>> handshakes = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    public WebSocketMcpServer() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("ws-mcp-accept").start(this::accept);
    }

    /** {@code ws://127.0.0.1:<port>/mcp}. */
    public String url() {
        return "ws://127.0.0.1:" + server.getLocalPort() + "/mcp";
    }

    /** The headers of each handshake so far (names in lower case), in order. */
    public List<Map<String, String>> handshakes() {
        return List.copyOf(handshakes);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                sockets.add(socket);
                Thread.ofVirtual().name("ws-mcp-conn").start(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            Map<String, String> headers = readHeaders(in);
            handshakes.add(headers);
            String protocols = headers.getOrDefault("sec-websocket-protocol", "");
            if (!List.of(protocols.split("\\s*,\\s*")).contains("mcp")) {
                out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                return;
            }
            out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: " + accept(headers.get("sec-websocket-key")) + "\r\n"
                    + "Sec-WebSocket-Protocol: mcp\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            WebSocketFrames frames = new WebSocketFrames(in, out);
            String text;
            while ((text = frames.readText()) != null) {
                if (!handle(Json.parse(text), frames, socket)) {
                    return;
                }
            }
        } catch (IOException e) {
            // The client went away, or the test closed the server.
        }
    }

    /** Answers one message; false when the connection is to be dropped. */
    private boolean handle(JsonNode message, WebSocketFrames frames, Socket socket) throws IOException {
        JsonNode id = message.get("id");
        if (id == null) {
            return true;
        }
        ObjectNode answer = Json.object().put("jsonrpc", "2.0");
        answer.set("id", id);
        JsonNode params = message.path("params");
        switch (message.path("method").asString("")) {
            case "initialize" -> {
                ObjectNode result = answer.putObject("result");
                result.put("protocolVersion", params.path("protocolVersion").asString("2025-06-18"));
                result.putObject("capabilities").putObject("tools");
                result.putObject("serverInfo").put("name", "ws-test").put("version", "1");
            }
            case "tools/list" -> {
                ArrayNode tools = answer.putObject("result").putArray("tools");
                for (String name : List.of("echo", "big", "drop")) {
                    tools.addObject().put("name", name).putObject("inputSchema").put("type", "object");
                }
            }
            case "tools/call" -> {
                JsonNode args = params.path("arguments");
                switch (params.path("name").asString("")) {
                    case "drop" -> {
                        socket.close();
                        return false;
                    }
                    case "big" -> answer.set("result", text("x".repeat(args.path("bytes").asInt(1024))));
                    default -> {
                        answer.set("result", text("echo: " + args.path("message").asString("")));
                        frames.writeText(Json.write(answer), 3);
                        return true;
                    }
                }
            }
            case "ping" -> answer.putObject("result");
            default -> answer.putObject("error").put("code", -32601).put("message", "no such method");
        }
        frames.writeText(Json.write(answer), 1);
        return true;
    }

    private static ObjectNode text(String text) {
        ObjectNode result = Json.object();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return result;
    }

    private static Map<String, String> readHeaders(InputStream in) throws IOException {
        // The handshake is ASCII; read byte by byte so that no frame byte is buffered away.
        Map<String, String> headers = new TreeMap<>();
        StringBuilder line = new StringBuilder();
        boolean first = true;
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                String l = line.toString().strip();
                line.setLength(0);
                if (l.isEmpty()) {
                    return headers;
                }
                int colon = l.indexOf(':');
                if (!first && colon > 0) {
                    headers.put(l.substring(0, colon).strip().toLowerCase(Locale.ROOT), l.substring(colon + 1).strip());
                }
                first = false;
            } else {
                line.append((char) b);
            }
        }
        throw new IOException("the handshake ended early");
    }

    private static String accept(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest((key + GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
