package dev.tether.mcp.bench;

import dev.tether.mcp.McpRuntime;
import tools.jackson.databind.node.ObjectNode;

/** Bridges the benchmark to package-private runtime parts (lives in dev.tether.mcp as BenchHooks). */
final class BenchAccess {
    private BenchAccess() {}

    static double projectionMillis(int servers, int toolsEach, int runs) {
        return dev.tether.mcp.BenchHooks.projectionMillis(servers, toolsEach, runs);
    }

    static String call(McpRuntime runtime, String server, String tool, ObjectNode args) {
        return dev.tether.mcp.BenchHooks.call(runtime, server, tool, args);
    }
}
