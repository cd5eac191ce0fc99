package dev.tether.mcp.bench;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.Workspace;
import dev.tether.tools.local.LocalFileSystem;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Peak heap growth of one 50 MB MCP text result on the whole receiving path: stdio line,
 * JSON parse, result mapping and the artifact. Prints one line. Run it in a JVM of its own
 * with a serial collector and a small young generation, so that garbage churn in eden cannot
 * pass for retained memory (scripts/bench does). Arguments: the node binary, the chaos
 * fixture, megabytes.
 */
public final class LargeResultEndToEnd {
    public static void main(String[] args) throws Exception {
        String node = args[0];
        String fixture = args[1];
        int megabytes = Integer.parseInt(args[2]);
        Path dir = Files.createTempDirectory("tether-large-");
        McpRuntimeOptions options = McpRuntimeOptions.defaults(dir, System.getenv()).withArtifactDir(dir.resolve("artifacts"));
        McpConnectionSettings settings = McpConnectionSettings.DEFAULT.withMaxLineBytes((megabytes + 16) * 1024 * 1024);
        try (McpRuntime runtime = McpRuntime.start(List.of(new McpServerSpec.Stdio("chaos", node, List.of(fixture), Map.of(), null)),
                options, McpRuntimeListener.NONE, settings)) {
            Tool big = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).stream()
                    .filter(t -> t.definition().name().equals("mcp__chaos__big")).findFirst().orElseThrow();
            ToolContext context = new ToolContext("call", new Workspace(dir, List.of()),
                    new ToolPorts(LocalFileSystem.INSTANCE, null, entries -> { }), content -> { }, Cancellation.root());
            List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == MemoryType.HEAP).toList();
            System.gc();
            long before = heap.stream().mapToLong(p -> p.getUsage().getUsed()).sum();
            heap.forEach(MemoryPoolMXBean::resetPeakUsage);
            long t0 = System.nanoTime();
            ToolOutcome outcome = big.run(Json.object().put("mb", megabytes), context);
            long millis = (System.nanoTime() - t0) / 1_000_000;
            long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
            double growth = (peak - before) / (1024.0 * 1024.0);
            System.out.printf(java.util.Locale.ROOT, "%d MB result end to end: peak heap growth %.0f MB (%.1f× the text), %d ms, model text %d chars%n",
                    megabytes, growth, growth / megabytes, millis, outcome.forModel().toString().length());
        }
    }

    private LargeResultEndToEnd() {}
}
