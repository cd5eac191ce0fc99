package dev.tether.testing.net;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An HTTP proxy on 127.0.0.1 for tests: {@code CONNECT host:port} tunnels and absolute-form requests
 * ({@code GET http://host:port/path}), each recorded as its first line. Every destination is
 * reached on 127.0.0.1 at the requested port, so tests may name hosts that resolve nowhere — a
 * request that arrives proves it went through the proxy.
 */
public final class RecordingProxy implements AutoCloseable {
    private final ServerSocket server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    public RecordingProxy() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("proxy-accept").start(this::accept);
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** The first line of every request, in order: {@code CONNECT host:port HTTP/1.1} or {@code POST http://… HTTP/1.1}. */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                sockets.add(client);
                Thread.ofVirtual().name("proxy-conn").start(() -> serve(client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = client.getInputStream();
            String head = readHead(in);
            String requestLine = head.substring(0, head.indexOf("\r\n"));
            requests.add(requestLine);
            String[] parts = requestLine.split(" ");
            if (parts[0].equals("CONNECT")) {
                int port = Integer.parseInt(parts[1].substring(parts[1].lastIndexOf(':') + 1));
                try (Socket upstream = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    sockets.add(upstream);
                    client.getOutputStream().write("HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    pipe(client, upstream, new byte[0]);
                }
                return;
            }
            URI target = URI.create(parts[1]);
            String path = target.getRawPath() + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery());
            String rewritten = parts[0] + " " + path + " " + parts[2] + head.substring(head.indexOf("\r\n"));
            try (Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target.getPort())) {
                sockets.add(upstream);
                pipe(client, upstream, rewritten.getBytes(StandardCharsets.ISO_8859_1));
            }
        } catch (IOException | RuntimeException e) {
            // A side went away.
        }
    }

    /** Sends {@code first} upstream, then copies both ways until either side ends. */
    private static void pipe(Socket client, Socket upstream, byte[] first) throws IOException {
        OutputStream up = upstream.getOutputStream();
        up.write(first);
        up.flush();
        Thread back = Thread.ofVirtual().start(() -> copy(upstream, client));
        copy(client, upstream);
        try {
            back.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void copy(Socket from, Socket to) {
        try {
            from.getInputStream().transferTo(to.getOutputStream());
        } catch (IOException e) {
            // Closed.
        } finally {
            try {
                to.shutdownOutput();
            } catch (IOException e) {
                // Already closed.
            }
        }
    }

    /** The request line and headers, through the blank line, read byte by byte so no body byte is taken. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        while (matched < 4 && (b = in.read()) >= 0) {
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }
}
