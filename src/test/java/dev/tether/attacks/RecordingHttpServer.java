package dev.tether.attacks;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An "MCP server" on 127.0.0.1 that only records what each request carried (request line and
 * headers) and answers 404, so a test can see whether a secret reached a remote server.
 */
final class RecordingHttpServer implements AutoCloseable {
    /** One request as received. */
    record Seen(String uri, Map<String, List<String>> headers) {}

    private final HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    RecordingHttpServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            seen.add(new Seen(exchange.getRequestURI().toString(), Map.copyOf(exchange.getRequestHeaders())));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    List<Seen> seen() {
        return List.copyOf(seen);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
