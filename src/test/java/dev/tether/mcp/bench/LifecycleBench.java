package dev.tether.mcp.bench;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How soon the MCP runtime ends what it must end, printed as text (no JUnit): the tests check that
 * these things happen and for the right reason (ProcessTreeCloseTest, DisposeStubbornProcessesTest,
 * StdioCrashTest), never how long they take, which a loaded machine would decide. DESIGN's promise:
 * a server's process tree is gone within about 2 s of close, SIGTERM ignored or not; a crash fails
 * the pending call at once. Run:
 * {@code java -cp target/classes:target/test-classes:<deps> dev.tether.mcp.bench.LifecycleBench [runs]}.
 */
public final class LifecycleBench {
    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        System.out.println("close, server + child:               " + median(runs, () -> closeMillis(
                List.of(McpTestSupport.fake("parent", "--spawn-child"))), " ms (median of " + runs + ")"));
        System.out.println("close, 2 ignoring SIGTERM + children: " + median(runs, () -> closeMillis(List.of(
                McpTestSupport.chaos("mule1", "--ignore-sigterm", "--stubborn-child"),
                McpTestSupport.chaos("mule2", "--ignore-sigterm", "--stubborn-child"))), " ms"));
        System.out.println("crash mid-call to failed call:        " + median(runs, LifecycleBench::crashMillis, " ms"));
        System.exit(0);
    }

    interface Measure {
        long run() throws Exception;
    }

    private static String median(int runs, Measure measure, String unit) throws Exception {
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            values.add(measure.run());
        }
        values.sort(null);
        return values.get(values.size() / 2) + unit;
    }

    private static long closeMillis(List<McpServerSpec> specs) {
        McpRuntime runtime = McpRuntime.start(specs, McpTestSupport.options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT);
        runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
        long start = System.nanoTime();
        runtime.close();
        return Duration.ofNanos(System.nanoTime() - start).toMillis();
    }

    private static long crashMillis() throws Exception {
        McpRuntimeOptions options = McpTestSupport.options().withCallTimeouts(
                new McpRuntimeOptions.CallTimeouts(Duration.ofMinutes(5), Duration.ofMinutes(10)));
        try (McpRuntime runtime = McpRuntime.start(List.of(McpTestSupport.fake("fragile")), options, McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            Tool crash = McpTestSupport.tool(runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root()), "mcp__fragile__crash");
            long start = System.nanoTime();
            try {
                crash.run(Json.object(), McpTestSupport.context("c1", Cancellation.root(), null));
                throw new IllegalStateException("the crash tool answered");
            } catch (ToolError expected) {
                return Duration.ofNanos(System.nanoTime() - start).toMillis();
            }
        }
    }

    private LifecycleBench() {}
}
