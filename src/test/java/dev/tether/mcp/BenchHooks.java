package dev.tether.mcp;

import dev.tether.base.Cancellation;
import dev.tether.mcp.catalog.CatalogBounds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** Package-private access for {@code McpRuntimeBench}. Not a test. */
public final class BenchHooks {
    private BenchHooks() {}

    /** Median cold projection of {@code servers × toolsEach} tools, in ms. */
    public static double projectionMillis(int servers, int toolsEach, int runs) {
        McpRuntimeOptions options = McpRuntimeOptions.defaults(java.nio.file.Path.of("."));
        List<Double> values = new ArrayList<>();
        for (int r = 0; r < runs + 2; r++) {
            List<McpConnection> connections = new ArrayList<>();
            for (int s = 0; s < servers; s++) {
                List<McpToolInfo> tools = new ArrayList<>();
                for (int t = 0; t < toolsEach; t++) {
                    tools.add(new McpToolInfo("tool_" + t, null, "Does thing " + t + " on server " + s, null, null,
                            McpToolInfo.Hints.NONE));
                }
                connections.add(FakeViews.connection("server" + s, tools, options));
            }
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

    public static String call(McpRuntime runtime, String server, String tool, ObjectNode args) {
        McpCallResult result = runtime.connection(server).call(tool, args, false, Cancellation.root(), p -> { });
        return ((McpContent.Text) result.content().getFirst()).text();
    }

    /** Connections with a fixed ready catalog, without a server. */
    static final class FakeViews {
        static McpConnection connection(String name, List<McpToolInfo> tools, McpRuntimeOptions options) {
            McpConnection c = new McpConnection(new McpServerSpec.Stdio(name, "none", List.of(), Map.of(), null), options,
                    McpConnectionSettings.DEFAULT.withCatalogBounds(CatalogBounds.DEFAULT), (src, gen, change) -> { },
                    Cancellation.root());
            c.seedForBench(tools);
            return c;
        }
    }
}
