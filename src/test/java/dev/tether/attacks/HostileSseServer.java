package dev.tether.attacks;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;

/**
 * A legacy SSE "MCP server" on 127.0.0.1 whose event stream ({@code GET /sse}) announces the POST
 * endpoint the test chooses (given this server's port), then stays open until closed.
 */
final class HostileSseServer implements AutoCloseable {
    private final HttpServer server;
    private final CountDownLatch closing = new CountDownLatch(1);

    HostileSseServer(IntFunction<String> endpoint) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/sse", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(("event: endpoint\ndata: " + endpoint.apply(port()) + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                closing.await();
            } catch (IOException | InterruptedException e) {
                // The client went away.
            }
        });
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    String url() {
        return "http://127.0.0.1:" + port() + "/sse";
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
    }
}
