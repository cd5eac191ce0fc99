package dev.tether.testing.mcp;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;

/**
 * server-everything started in one of its HTTP modes ({@code streamableHttp}, {@code sse}) on a free
 * port, with the loopback-only preload ({@code conformance/fixtures/loopback-only.cjs}): its express
 * app would otherwise listen on every interface.
 */
public final class EverythingHttp implements AutoCloseable {
    private final Process process;
    private final int port;

    private EverythingHttp(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts {@code index} in {@code mode} and waits until it listens. */
    public static EverythingHttp start(Path index, String mode) throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Path preload = index.getParent().resolve("../../../../fixtures/loopback-only.cjs").normalize();
        ProcessBuilder builder = new ProcessBuilder("node", "--require", preload.toString(), index.toString(), mode)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PORT", Integer.toString(port));
        EverythingHttp server = new EverythingHttp(builder.start(), port);
        try {
            server.waitForPort();
        } catch (AssertionError | InterruptedException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** {@code http://127.0.0.1:<port><path>}. */
    public String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private void waitForPort() throws InterruptedException {
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("server-everything did not listen on 127.0.0.1:" + port);
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
