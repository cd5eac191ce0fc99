package dev.tether.mcp;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.projection.Projection;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.testing.mcp.McpTestSupport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/** Package-private access for {@code McpRuntimeBench}. Not a test. */
public final class BenchHooks {
    private BenchHooks() {}

    /**
     * Median cold projection of {@code servers × toolsEach} tools, in ms. The connections are real
     * (chaos servers listing {@code toolsEach} tools each); every run projects them with a new
     * {@link Projection}, so nothing is cached between runs.
     */
    public static double projectionMillis(int servers, int toolsEach, int runs) {
        List<McpServerSpec> specs = new ArrayList<>();
        for (int s = 0; s < servers; s++) {
            specs.add(McpTestSupport.chaos("server" + s, "--catalog", "many" + toolsEach));
        }
        // Twenty JVMs start at once: give them time on a busy machine (the figure is the projection, not the start).
        McpRuntimeOptions options = McpTestSupport.options().withConnectTimeout(Duration.ofSeconds(120));
        try (McpRuntime runtime = McpRuntime.start(specs, options, McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(120), Cancellation.root());
            if (!runtime.status().stream().allMatch(s -> s.state() == ServerStatus.State.READY)) {
                throw new IllegalStateException("not all ready: " + runtime.status());
            }
            List<McpConnection> connections = specs.stream().map(spec -> runtime.connection(spec.name())).toList();
            List<Double> values = new ArrayList<>();
            for (int r = 0; r < runs + 2; r++) {
                Projection projection = new Projection(options);
                long start = System.nanoTime();
                int size = projection.of(connections).size();
                double millis = (System.nanoTime() - start) / 1e6;
                if (size != servers * toolsEach) {
                    throw new IllegalStateException("projected " + size);
                }
                if (r >= 2) {
                    values.add(millis); // the first two warm the JIT
                }
            }
            values.sort(null);
            return values.get(values.size() / 2);
        }
    }

    public static String call(McpRuntime runtime, String server, String tool, ObjectNode args) {
        McpCallResult result = runtime.connection(server).call(tool, args, false, Cancellation.root(), p -> { });
        return ((McpContent.Text) result.content().getFirst()).text();
    }
}
