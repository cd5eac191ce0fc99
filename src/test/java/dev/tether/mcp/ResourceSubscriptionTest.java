package dev.tether.mcp;

import static dev.tether.mcp.ContentFixtures.requests;
import static dev.tether.mcp.ContentFixtures.tracedReference;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.content.ContentResults;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.Part;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.RecordingListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Desired and active subscriptions across updates, a crash with recovery, and a manual disconnect. */
class ResourceSubscriptionTest {
    private static final String URI = "orders://order/A-1001";

    private static void touch(McpRuntime runtime) {
        McpCalls.text(runtime, "orders", "touch_order", McpCalls.args("id", "A-1001"));
    }

    @Test
    void anUpdateReachesTheHostAndMarksTheNextReadOnly() throws Exception {
        Path trace = Files.createTempFile("orders-trace", ".jsonl");
        ContentFixtures.RecordingHost host = new ContentFixtures.RecordingHost();
        try (McpRuntime runtime = McpRuntime.start(List.of(tracedReference("orders", trace)), options().withHost(host),
                McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
            assertThrows(McpError.class, () -> runtime.subscribe("orders", "orders://elsewhere", Cancellation.root()));
            assertEquals(0, requests(trace, "resources/subscribe"), "refused before any request");

            runtime.subscribe("orders", URI, Cancellation.root());
            touch(runtime);
            assertEquals(new McpNotice.ResourceUpdated("orders", URI), host.await(McpNotice.ResourceUpdated.class, Duration.ofSeconds(5)));
            String first = ((Part.Text) runtime.readResource("orders", URI, Cancellation.root()).forModel().getFirst()).text();
            assertTrue(first.startsWith(ContentResults.UPDATED_NOTE + "\n[resource " + URI), first);
            String second = ((Part.Text) runtime.readResource("orders", URI, Cancellation.root()).forModel().getFirst()).text();
            assertTrue(second.startsWith("[resource " + URI), second);

            runtime.unsubscribe("orders", URI, Cancellation.root());
            assertEquals(1, requests(trace, "resources/unsubscribe"));
            touch(runtime);
            // A later update on the same stream, once subscribed again: when it has arrived, an update of the touch
            // above would have arrived before it.
            runtime.subscribe("orders", URI, Cancellation.root());
            touch(runtime);
            assertEquals(new McpNotice.ResourceUpdated("orders", URI), host.await(McpNotice.ResourceUpdated.class, Duration.ofSeconds(5)));
            assertEquals(List.of(), host.notices, "no update after unsubscribe");
        }
    }

    @Test
    void aCrashClearsOnlyActiveAndRecoverySubscribesAgainButAManualDisconnectForgets() throws Exception {
        Path trace = Files.createTempFile("orders-trace", ".jsonl");
        ContentFixtures.RecordingHost host = new ContentFixtures.RecordingHost();
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(tracedReference("orders", trace)), options().withHost(host), events,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
            runtime.subscribe("orders", URI, Cancellation.root());
            ConnectionContent content = runtime.connection("orders").content();
            assertEquals(Set.of(URI), content.active());

            ProcessHandle.of(runtime.connection("orders").pid()).orElseThrow().destroyForcibly();
            ServerStatus recovering = events.awaitState("orders", State.RECOVERING, Duration.ofSeconds(10));
            assertEquals(Set.of(URI), content.desired());
            events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                    && s.generation() > recovering.generation(), Duration.ofSeconds(30));
            Waits.eventually(Duration.ofSeconds(5), () -> !content.active().isEmpty(), "the subscription to be made again");
            assertEquals(Set.of(URI), content.active(), "subscribed again after recovery");
            assertEquals(2, requests(trace, "resources/subscribe"));
            touch(runtime);
            assertEquals(new McpNotice.ResourceUpdated("orders", URI), host.await(McpNotice.ResourceUpdated.class, Duration.ofSeconds(5)));

            runtime.connection("orders").disconnect("disconnected by the user");
            assertEquals(Set.of(), content.desired());
            runtime.reconnect("orders");
            assertEquals(State.READY, runtime.status().getFirst().state());
            assertEquals(Set.of(), content.active());
            assertEquals(2, requests(trace, "resources/subscribe"), "not subscribed again after a manual disconnect");
        }
    }
}
