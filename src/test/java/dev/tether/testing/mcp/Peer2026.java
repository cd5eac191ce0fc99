package dev.tether.testing.mcp;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The MCP 2026-07-28 test server ({@code conformance/fixtures/mcp2026-server.mjs}, written with
 * {@code @modelcontextprotocol/server} 2.4.0): its stdio command line, or its HTTP mode started
 * on a free port of 127.0.0.1.
 */
public final class Peer2026 implements AutoCloseable {
    private final Process process;
    private final int port;

    private Peer2026(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** The fixture script, or null when the SDK is not installed under conformance/. */
    public static Path script() {
        Path repo = Path.of(System.getProperty("tether.projectDir", System.getProperty("user.dir")));
        Path sdk = repo.resolve("conformance/node_modules/@modelcontextprotocol/server/package.json");
        Path script = repo.resolve("conformance/fixtures/mcp2026-server.mjs");
        return Files.isRegularFile(sdk) && Files.isRegularFile(script) ? script.toAbsolutePath() : null;
    }

    /** Arguments for {@code node} to run the stdio server. */
    public static List<String> stdioArgs(Path script) {
        return List.of(script.toString());
    }

    /** Starts the HTTP server and waits until it listens. */
    public static Peer2026 http(Path script) throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder("node", script.toString(), "--http")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PORT", Integer.toString(port));
        Peer2026 peer = new Peer2026(builder.start(), port);
        long deadline = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < deadline && peer.process.isAlive()) {
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return peer;
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        peer.close();
        throw new AssertionError("the 2026 peer did not listen on 127.0.0.1:" + port);
    }

    /** {@code http://127.0.0.1:<port>/mcp}. */
    public String url() {
        return "http://127.0.0.1:" + port + "/mcp";
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
