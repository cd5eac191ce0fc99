package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.interaction.McpInteraction;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.model.Part;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.Peer2026;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.testing.mcp.TestSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code subscriptions/listen} against a TypeScript SDK v2 server (MCP 2026-07-28), over stdio and
 * over HTTP: a tool list change and a resource update reach Tether through the listen stream (the
 * catalog TTL is off, and the one fetch made when a stream is acknowledged is over before the
 * change, so nothing else could bring them); a stream the server drops is opened again and carries
 * changes once more; the 2026 server never receives {@code ping},
 * {@code logging/setLevel} or {@code resources/subscribe} (its idle check is {@code server/discover}),
 * while a 2025-11-25 server in the same runtime still gets {@code logging/setLevel} and pings.
 */
class Mcp2026ListenTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Four health check intervals. */
    private static final Duration IDLE_WINDOW = Duration.ofMillis(2000);
    private static final McpConnectionSettings SETTINGS = McpConnectionSettings.DEFAULT
            .withRecovery(new McpConnectionSettings.Recovery(5, Duration.ofMillis(50), Duration.ofMillis(400)))
            .withHealing(TestSettings.withPingTimeout(McpConnectionSettings.Healing.DEFAULT
                    .withCatalogTtl(Duration.ZERO).withHealthCheck(Duration.ofMillis(500)), Duration.ofSeconds(5)));

    @Test
    void overStdio() throws Exception {
        Path script = Peer2026.script();
        assumeTrue(script != null, "npm ci in conformance/ has not been run");
        listen(new McpServerSpec.Stdio("peer", "node", Peer2026.stdioArgs(script), Map.of(), null));
    }

    @Test
    void overHttp() throws Exception {
        Path script = Peer2026.script();
        assumeTrue(script != null, "npm ci in conformance/ has not been run");
        try (Peer2026 http = Peer2026.http(script)) {
            listen(new McpServerSpec.Http("peer", http.url(), Map.of()));
        }
    }

    private static void listen(McpServerSpec peer) throws Exception {
        ScriptedHost host = new ScriptedHost(true, false);
        McpRuntimeOptions options = options().withHost(host);
        try (McpRuntime runtime = McpRuntime.start(List.of(peer, chaos("old", "--logging")), options, McpRuntimeListener.NONE, SETTINGS,
                new McpInteraction(options.host(), options::grantsFor, Interact.FAST, dev.tether.mcp.interaction.elicitation.ElicitationHook.PASS))) {
            runtime.awaitTools(WAIT, Cancellation.root());
            assertEquals("2026-07-28", runtime.status().stream().filter(s -> s.name().equals("peer")).findFirst()
                    .orElseThrow().protocolVersion());

            // Once its stream is acknowledged Tether fetches the list again (a change before it would be missed);
            // after that only the stream can bring a change, the catalog TTL being off.
            Waits.eventually(WAIT, () -> seen(runtime).path("tools/list").asInt() >= 2, "the list fetched again once listening");
            call(runtime, "add_tool", "{'name':'extra'}");
            Waits.eventually(WAIT, () -> has(runtime, "mcp__peer__extra"), "the added tool to reach the catalog");

            runtime.subscribe("peer", "peer://motd", Cancellation.root());
            // The subscription rides a new listen stream; a change before the server has it is not announced, so set again until one is.
            Waits.eventually(WAIT, () -> updated(host) || attempt(() -> call(runtime, "set_motd", "{'text':'changed'}")),
                    "the resource update to reach the user");

            JsonNode before = seen(runtime);
            assertEquals("dropped 1", call(runtime, "drop_subscriptions", "{}"));
            Waits.eventually(WAIT, () -> more(seen(runtime), before, "subscriptions/listen") && more(seen(runtime), before, "tools/list"),
                    "the stream opened again, and the list fetched again once it was acknowledged");
            call(runtime, "add_tool", "{'name':'after_drop'}");
            Waits.eventually(WAIT, () -> has(runtime, "mcp__peer__after_drop"), "a tool added after the drop to reach the catalog");

            int discovered = seen(runtime).path("server/discover").asInt();
            // Asking the server what it saw is traffic, so the window stays quiet and the counts are read after.
            Waits.throughout(IDLE_WINDOW, () -> runtime.connection("peer").isReady(), "the 2026 server stays ready");
            JsonNode seen = seen(runtime);
            assertTrue(seen.path("server/discover").asInt() > discovered, "checked while idle by server/discover: " + seen);
            assertTrue(seen.path("subscriptions/listen").asInt() >= 3, "opened, replaced for the resource, opened after the drop: " + seen);
            for (String never : List.of("ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe", "initialize")) {
                assertFalse(seen.has(never), never + " sent to a 2026 server: " + seen);
            }

            JsonNode old = Interact.stats(runtime, "old");
            assertEquals(1, old.path("setLevels").asInt(), "the 2025 server still gets logging/setLevel");
            Waits.eventually(WAIT, () -> Interact.stats(runtime, "old").path("pings").asInt() > 0, "the idle 2025 server to be pinged");
        }
    }

    private static boolean more(JsonNode now, JsonNode before, String method) {
        return now.path(method).asInt() > before.path(method).asInt();
    }

    /** Does {@code action} and says the awaited thing has not happened yet. */
    private static boolean attempt(java.util.concurrent.Callable<?> action) throws Exception {
        action.call();
        return false;
    }

    private static boolean updated(ScriptedHost host) {
        return host.notices.contains(new McpNotice.ResourceUpdated("peer", "peer://motd"));
    }

    private static boolean has(McpRuntime runtime, String name) {
        return runtime.tools().stream().map(t -> t.definition().name()).anyMatch(name::equals);
    }

    private static String call(McpRuntime runtime, String name, String args) throws Exception {
        return tool(runtime.tools(), "mcp__peer__" + name).run(json(args), context("c", Cancellation.root(), null))
                .forModel().stream().map(p -> ((Part.Text) p).text()).reduce("", String::concat);
    }

    /** How many times the 2026 server received each method. */
    private static JsonNode seen(McpRuntime runtime) throws Exception {
        return Json.parse(call(runtime, "seen_methods", "{}"));
    }
}
