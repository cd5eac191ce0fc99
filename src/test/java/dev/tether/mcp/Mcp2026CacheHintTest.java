package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.Part;
import dev.tether.testing.mcp.Peer2026;
import dev.tether.testing.mcp.TestSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The cache hints of a server that speaks MCP 2026-07-28 decide when Tether lists its tools again,
 * counted by the server itself: {@code ttlMs: 0} means once before every model request (never
 * more), a positive {@code ttlMs} keeps the list for that long, and a tiny one is raised to the
 * one-second floor — for a server that does not announce its tool changes. One that announces them
 * on its listen stream is not re-listed on a timer, whatever its hint.
 */
class Mcp2026CacheHintTest {
    private final AtomicLong clock = new AtomicLong();

    private McpRuntime start(String ttlMs) {
        return start(Map.of("TOOLS_TTL_MS", ttlMs, "TOOLS_LIST_CHANGED", "off"));
    }

    private McpRuntime start(Map<String, String> env) {
        Path script = Peer2026.script();
        assumeTrue(script != null, "npm ci in conformance/ has not been run");
        McpServerSpec spec = new McpServerSpec.Stdio("peer", "node", Peer2026.stdioArgs(script), env, null);
        McpConnectionSettings settings = McpConnectionSettings.DEFAULT.withHealing(TestSettings.withClock(McpConnectionSettings.Healing.DEFAULT
                .withHealthCheck(Duration.ZERO), clock::get));
        McpRuntime runtime = McpRuntime.start(List.of(spec), options(), McpRuntimeListener.NONE, settings);
        runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
        return runtime;
    }

    /** One model request after {@code elapsed}; then how many tools/list requests the server has answered. */
    private int listsAfterModelRequest(McpRuntime runtime, Duration elapsed) throws Exception {
        clock.addAndGet(elapsed.toNanos());
        runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
        Part.Text stats = (Part.Text) tool(runtime.tools(), "mcp__peer__peer_stats")
                .run(Json.object(), context("c", Cancellation.root(), null)).forModel().getFirst();
        return Json.parse(stats.text()).path("toolsList").asInt();
    }

    @Test
    void ttlZeroRevalidatesOnceBeforeEveryModelRequest() throws Exception {
        try (McpRuntime runtime = start("0")) {
            int first = listsAfterModelRequest(runtime, Duration.ZERO);
            assertEquals(first + 1, listsAfterModelRequest(runtime, Duration.ZERO));
            assertEquals(first + 2, listsAfterModelRequest(runtime, Duration.ofMillis(1)));
        }
    }

    @Test
    void aPositiveTtlKeepsTheListThatLongThenItIsListedAgain() throws Exception {
        try (McpRuntime runtime = start("60000")) {
            int first = listsAfterModelRequest(runtime, Duration.ZERO);
            assertEquals(first, listsAfterModelRequest(runtime, Duration.ofSeconds(59)), "fresh for 60 s, past the 20 s catalog TTL");
            assertEquals(first + 1, listsAfterModelRequest(runtime, Duration.ofSeconds(1)), "stale at 60 s: listed again");
            assertEquals(first + 1, listsAfterModelRequest(runtime, Duration.ofSeconds(30)), "the new list is fresh again");
        }
    }

    @Test
    void aTinyTtlIsRaisedToTheOneSecondFloor() throws Exception {
        try (McpRuntime runtime = start("5")) {
            int first = listsAfterModelRequest(runtime, Duration.ofSeconds(2));
            assertEquals(first, listsAfterModelRequest(runtime, Duration.ofMillis(500)), "5 ms is read as 1 s");
            assertEquals(first + 1, listsAfterModelRequest(runtime, Duration.ofMillis(500)));
        }
    }

    @Test
    void aServerThatAnnouncesItsChangesOnTheListenStreamIsNotReListedOnATimer() throws Exception {
        try (McpRuntime runtime = start(Map.of("TOOLS_TTL_MS", "0"))) {
            int first = listsAfterModelRequest(runtime, Duration.ZERO);
            assertEquals(first, listsAfterModelRequest(runtime, Duration.ofMinutes(5)), "ttlMs 0, but the stream announces changes");
            assertEquals(first, listsAfterModelRequest(runtime, Duration.ofHours(2)));
        }
    }
}
