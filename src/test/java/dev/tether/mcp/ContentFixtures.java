package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.javaServer;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import dev.tether.reference.ReferenceServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** The traced reference server and a host that records notices, for the content tests. */
final class ContentFixtures {
    private ContentFixtures() {}

    static McpServerSpec.Stdio tracedReference(String name, Path trace) {
        return javaServer(name, ReferenceServer.class, Map.of(), "stdio", "--trace", trace.toString());
    }

    /** A ready server's committed resource catalog, else {@link ContentCatalog#EMPTY}: what the content tools see of it. */
    static ContentCatalog resources(McpRuntime runtime, String server) {
        McpConnection c = runtime.connection(server);
        return c.isReady() ? c.content().catalog() : ContentCatalog.EMPTY;
    }

    /** How many requests of {@code method} the server read. */
    static long requests(Path trace, String method) throws Exception {
        if (!Files.exists(trace)) {
            return 0;
        }
        return Files.readAllLines(trace).stream().filter(l -> l.contains("\"method\":\"" + method + "\"")).count();
    }

    /**
     * Returns once the server has read every request sent to it so far, so a count of the trace
     * that follows is final: the server reads its input in order and traces each byte as it reads
     * it, so when a later request ({@code list_orders}, which counts nowhere) is answered, any
     * earlier one is in the trace already.
     */
    static void allSentIsTraced(McpRuntime runtime, String server) {
        McpCalls.text(runtime, server, "list_orders", null);
    }

    static class RecordingHost implements McpHost {
        final List<McpNotice> notices = new CopyOnWriteArrayList<>();

        McpNotice await(Class<? extends McpNotice> type, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                for (McpNotice n : notices) {
                    if (type.isInstance(n)) {
                        notices.remove(n);
                        return n;
                    }
                }
                Thread.sleep(20);
            }
            throw new AssertionError("no " + type.getSimpleName() + " in " + notices);
        }

        @Override
        public boolean canElicitForm() {
            return false;
        }

        @Override
        public boolean canElicitUrl() {
            return false;
        }

        @Override
        public ElicitationReply elicit(Elicitation request, Cancellation cancellation) {
            return NONE.elicit(request, cancellation);
        }

        @Override
        public SamplingReply sample(Sampling request, Cancellation cancellation) {
            return NONE.sample(request, cancellation);
        }

        @Override
        public List<Path> roots() {
            return List.of();
        }

        @Override
        public void notice(McpNotice notice) {
            notices.add(notice);
        }
    }
}
