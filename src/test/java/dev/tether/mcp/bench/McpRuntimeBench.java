package dev.tether.mcp.bench;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.bench.BenchAccess;
import dev.tether.mcp.projection.ToolProjection;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.mcp.ManyTools;
import dev.tether.testing.mcp.McpTestSupport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Figures for the MCP runtime core, printed as text (no JUnit; timing never gates a test):
 * ready time for 5 and 20 stdio servers against one server's own start, projection of 10,000
 * tools across 20 servers (cold, and again once each tool is prepared), and fetches caused by
 * 1,000 {@code list_changed} in one second.
 * Run: {@code java -cp target/classes:target/test-classes:<deps> dev.tether.mcp.bench.McpRuntimeBench [runs]}.
 */
public final class McpRuntimeBench {
    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        System.out.println("single server ready:   " + median(runs, () -> readyMillis(1)) + " ms (median of " + runs + ")");
        System.out.println("5 servers all ready:   " + median(runs, () -> readyMillis(5)) + " ms");
        System.out.println("20 servers all ready:  " + median(runs, () -> readyMillis(20)) + " ms");
        System.out.println("project 10k tools/20:  " + String.format("%.2f", BenchAccess.projectionMillis(20, 500, runs)) + " ms (cold, median)");
        System.out.println("project 10k tools/20:  " + String.format("%.2f", preparedProjectionMillis(runs)) + " ms (prepared, median)");
        System.out.println("storm 1000 in 1 s:     " + stormFetches() + " fetches");
        System.exit(0);
    }

    interface Measure {
        long run() throws Exception;
    }

    private static long median(int runs, Measure m) throws Exception {
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            values.add(m.run());
        }
        values.sort(null);
        return values.get(values.size() / 2);
    }

    private static long readyMillis(int servers) {
        List<McpServerSpec> specs = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            specs.add(McpTestSupport.chaos("s" + i));
        }
        long start = System.nanoTime();
        try (McpRuntime runtime = McpRuntime.start(specs, McpTestSupport.options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(60), Cancellation.root());
            long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
            if (!runtime.status().stream().allMatch(s -> s.state() == ServerStatus.State.READY)) {
                throw new IllegalStateException("not all ready: " + runtime.status());
            }
            return millis;
        }
    }

    /** Projecting the same 20 × 500 tools again, which reuses each tool's prepared spec. */
    private static double preparedProjectionMillis(int runs) {
        ToolProjection projection = new ToolProjection(McpRuntimeOptions.defaults(Path.of("."), System.getenv()));
        List<List<McpToolInfo>> servers = ManyTools.catalogs(20, 500);
        List<Double> values = new ArrayList<>();
        for (int r = 0; r < runs + 2; r++) {
            long start = System.nanoTime();
            Set<String> taken = new HashSet<>();
            for (int s = 0; s < servers.size(); s++) {
                projection.project("server" + s, servers.get(s), McpServerPolicy.DEFAULT, (t, a, re, c, p) -> null, taken);
            }
            if (r >= 2) {
                values.add((System.nanoTime() - start) / 1e6); // the first run prepares, the second warms the JIT
            }
        }
        values.sort(null);
        return values.get(values.size() / 2);
    }

    private static int stormFetches() {
        try (McpRuntime runtime = McpRuntime.start(List.of(McpTestSupport.chaos("storm")), McpTestSupport.options(),
                McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
            var args = Json.object().put("count", 1000).put("ms", 1000);
            BenchAccess.call(runtime, "storm", "storm", args);
            runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
            return Json.parse(BenchAccess.call(runtime, "storm", "stats", Json.object())).path("fetches").asInt() - 1;
        }
    }

    private McpRuntimeBench() {}
}
