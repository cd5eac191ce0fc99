package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.java;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.reference.ReferenceServer;
import dev.tether.testing.mcp.RecordingListener;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * An HTTP server whose connections are reset is a terminal transport failure: the server goes
 * into recovery at once (not at a timeout), and is ready again when something answers on its
 * address again.
 */
class HttpConnectionResetRecoveryTest {

    @Test
    void aResetConnectionStartsRecoveryAndTheServerComesBack() throws Exception {
        Process server = startReference(0);
        Process again = null;
        RecordingListener events = new RecordingListener();
        McpConnectionSettings patient = McpConnectionSettings.DEFAULT
                .withRecovery(new McpConnectionSettings.Recovery(40, Duration.ofMillis(100), Duration.ofMillis(400)));
        try {
            String url = address(server);
            int port = URI.create(url).getPort();
            try (McpRuntime runtime = McpRuntime.start(List.of(new McpServerSpec.Http("orders", url, Map.of())), options(),
                    events, patient)) {
                runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
                server.destroyForcibly().waitFor();
                try (ServerSocket resetter = new ServerSocket()) {
                    resetter.setReuseAddress(true);
                    resetter.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                    Thread.ofVirtual().start(() -> resetEvery(resetter));

                    assertThrows(McpError.class, () -> text(runtime, "orders", "get_order", args("id", "A-1002")));
                    ServerStatus recovering = events.awaitState("orders", State.RECOVERING, Duration.ofSeconds(10));
                    assertTrue(recovering.reason().startsWith("the connection to the server failed: "), recovering.reason());
                }
                again = startReference(port);
                events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                        && s.generation() > 1, Duration.ofSeconds(30));
                assertEquals("A-1002 — Alan Turing — shipped — 3 × SKU-BOOK", text(runtime, "orders", "get_order", args("id", "A-1002")));
            }
        } finally {
            server.destroyForcibly().waitFor();
            if (again != null) {
                again.destroyForcibly().waitFor();
            }
        }
    }

    /** Accepts every connection and resets it (SO_LINGER 0 sends RST instead of FIN). */
    private static void resetEvery(ServerSocket resetter) {
        while (!resetter.isClosed()) {
            try (Socket s = resetter.accept()) {
                s.setSoLinger(true, 0);
            } catch (java.io.IOException e) {
                return;
            }
        }
    }

    private static Process startReference(int port) throws Exception {
        return new ProcessBuilder(java(), "-cp", System.getProperty("java.class.path"), ReferenceServer.class.getName(),
                "--http", "--port", Integer.toString(port)).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String address(Process server) throws Exception {
        BufferedReader err = new BufferedReader(new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8));
        for (String line; (line = err.readLine()) != null; ) {
            Matcher m = Pattern.compile("^listening on (http://127\\.0\\.0\\.1:\\d+/mcp)$").matcher(line);
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new AssertionError("the server printed no address");
    }
}
