package dev.tether.testing.mcp;

import dev.tether.acp.SessionEvents;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.Workspace;
import dev.tether.tools.local.LocalFileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Shared helpers for MCP tests: specs for Java test servers, options, tool contexts. */
public final class McpTestSupport {
    private McpTestSupport() {}

    public static String java() {
        return ProcessHandle.current().info().command().orElseThrow();
    }

    /** A stdio spec that runs {@code mainClass} with the test JVM's java and classpath. */
    public static McpServerSpec.Stdio javaServer(String name, Class<?> mainClass, Map<String, String> env, String... args) {
        List<String> argv = new ArrayList<>(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), mainClass.getName()));
        argv.addAll(List.of(args));
        return new McpServerSpec.Stdio(name, java(), argv, env, null);
    }

    public static McpServerSpec.Stdio fake(String name, String... flags) {
        return javaServer(name, FakeMcpServer.class, Map.of(), flags);
    }

    /** The {@link ChaosMcpServer} with these flags. */
    public static McpServerSpec.Stdio chaos(String name, String... flags) {
        return javaServer(name, ChaosMcpServer.class, Map.of(), flags);
    }

    public static McpRuntimeOptions options() {
        return options(System.getenv());
    }

    /** As {@link #options()}, with {@code hostEnv} as Tether's environment. */
    public static McpRuntimeOptions options(Map<String, String> hostEnv) {
        return McpRuntimeOptions.defaults(Path.of(System.getProperty("user.dir")), hostEnv)
                .withConnectTimeout(Duration.ofSeconds(20));
    }

    public static Tool tool(List<Tool> tools, String name) {
        return tools.stream().filter(t -> t.definition().name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no tool " + name + " in " + tools.stream().map(t -> t.definition().name()).toList()));
    }

    /** A context whose session updates are collected into {@code updates}. */
    public static ToolContext context(String toolCallId, Cancellation cancellation, List<SessionUpdate> updates) {
        List<SessionUpdate> sink = updates == null ? Collections.synchronizedList(new ArrayList<>()) : updates;
        ToolPorts ports = new ToolPorts(LocalFileSystem.INSTANCE, null, entries -> sink.add(SessionEvents.toAcp(new SessionEvent.PlanUpdated(entries))));
        return new ToolContext(toolCallId, new Workspace(Path.of(System.getProperty("user.dir")), List.of()), ports,
                content -> sink.add(SessionEvents.toAcp(new SessionEvent.ToolCallUpdated(toolCallId, null, content, null))), cancellation);
    }

    /**
     * Whether a process still runs, waiting up to half a second for it to go: a killed grandchild
     * is re-parented and may stay a zombie (dead, not yet reaped) for a while, which
     * {@link ProcessHandle#isAlive()} still counts as alive.
     */
    public static boolean running(long pid) throws Exception {
        Path stat = Path.of("/proc/" + pid + "/stat");
        long deadline = System.nanoTime() + 500_000_000L;
        while (System.nanoTime() < deadline) {
            if (!Files.exists(stat)) {
                return false;
            }
            String text = Files.readString(stat);
            if (text.substring(text.lastIndexOf(')') + 2).startsWith("Z")) {
                return false;
            }
            Thread.sleep(20);
        }
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** The server-everything entry point under {@code <repo>/conformance}, or null when not installed. */
    public static Path everything() {
        Path repo = Path.of(System.getProperty("tether.projectDir", System.getProperty("user.dir")));
        Path index = repo.resolve("conformance/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
        return Files.isRegularFile(index) ? index : null;
    }
}
