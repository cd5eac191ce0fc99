package dev.tether.mcp;

import dev.tether.agent.Cancellation;
import dev.tether.agent.CancelledException;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP client runtime of one session: one {@link McpConnection} per configured server, all
 * connecting in parallel on virtual threads from {@link #start}. A server that fails stays
 * listed (state failed, redacted reason); the others go on. {@link #awaitTools} is the
 * catalog barrier the turn loop waits on before each model request.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/architecture">MCP architecture</a>
 */
public final class McpRuntime implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpRuntime.class);

    private final List<McpConnection> connections;
    private final McpRuntimeOptions options;
    private final ToolProjection projection;
    private final long startedAt = System.nanoTime();

    private McpRuntime(List<McpConnection> connections, McpRuntimeOptions options) {
        this.connections = connections;
        this.options = options;
        this.projection = new ToolProjection(options);
    }

    /** Starts connecting every server and returns at once. Of two specs with one name, the later wins. */
    public static McpRuntime start(List<McpServerSpec> specs, McpRuntimeOptions options, McpRuntimeListener listener) {
        Map<String, McpServerSpec> byName = new LinkedHashMap<>();
        for (McpServerSpec spec : specs) {
            if (byName.remove(spec.name()) != null) {
                LOG.info("mcp: server \"{}\" is declared more than once; the later declaration wins", spec.name());
            }
            byName.put(spec.name(), spec);
        }
        List<McpConnection> connections = byName.values().stream()
                .map(spec -> new McpConnection(spec, options, listener)).toList();
        McpRuntime runtime = new McpRuntime(connections, options);
        // Remote servers first: their handshakes take longest on the network.
        connections.stream()
                .sorted(Comparator.comparingInt(c -> byName.get(c.name()) instanceof McpServerSpec.Stdio ? 1 : 0))
                .forEach(c -> Thread.ofVirtual().name("mcp-" + c.name() + "-connect").start(c::connect));
        return runtime;
    }

    /**
     * Waits until every server has settled or {@code startupTimeout} (counted from {@link #start})
     * has passed, then returns the tools of every ready server.
     *
     * @throws CancelledException {@code cancellation} fired while waiting
     */
    public List<Tool> awaitTools(Duration startupTimeout, Cancellation cancellation) {
        CompletableFuture<?> all = CompletableFuture.allOf(connections.stream()
                .map(McpConnection::settled).toArray(CompletableFuture[]::new));
        CompletableFuture<Void> stop = new CompletableFuture<>();
        long left = startedAt + startupTimeout.toNanos() - System.nanoTime();
        try (Cancellation.Registration ignored = cancellation.onCancel(() -> stop.complete(null))) {
            if (left > 0) {
                CompletableFuture.anyOf(all, stop).get(left, TimeUnit.NANOSECONDS);
            }
        } catch (TimeoutException e) {
            LOG.info("mcp: servers still connecting after {} ms; going on without them", startupTimeout.toMillis());
        } catch (ExecutionException e) {
            // Connections never complete exceptionally; nothing to report.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
        cancellation.throwIfCancelled();
        return tools();
    }

    /** The current projection of every ready server's tools, named {@code mcp__<server>__<tool>}. */
    public List<Tool> tools() {
        List<Tool> projected = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (McpConnection connection : connections) {
            projected.addAll(projection.project(connection.name(), connection.tools(),
                    options.policyFor(connection.name()), ToolProjection.caller(connection), taken));
        }
        return List.copyOf(projected);
    }

    public List<ServerStatus> status() {
        return connections.stream().map(McpConnection::status).toList();
    }

    /** The connection to one server, or null. */
    public McpConnection connection(String name) {
        return connections.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    /** Ends every server (in parallel; each within about two seconds). */
    @Override
    public void close() {
        List<Thread> closing = connections.stream()
                .map(c -> Thread.ofVirtual().name("mcp-" + c.name() + "-close").start(c::close)).toList();
        for (Thread thread : closing) {
            try {
                thread.join(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
