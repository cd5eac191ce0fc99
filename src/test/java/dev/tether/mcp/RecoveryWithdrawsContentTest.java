package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.mcp.RecordingListener;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Entering recovery withdraws everything the server offered — tools, resources and templates,
 * prompts, instructions — at once; when it is ready again they are back and its log level is set
 * again on the new session. (Subscriptions made again after recovery: {@link ResourceSubscriptionTest}.)
 */
class RecoveryWithdrawsContentTest {

    @Test
    void everythingIsWithdrawnWhileRecoveringAndBackAfterwardsWithTheLogLevelAppliedAgain() throws Exception {
        RecordingListener events = new RecordingListener();
        McpConnectionSettings slow = McpConnectionSettings.DEFAULT
                .withRecovery(new McpConnectionSettings.Recovery(3, Duration.ofSeconds(2), Duration.ofSeconds(2)));
        McpRuntimeOptions options = options().withPolicies(Map.of("ward",
                new McpServerPolicy(Map.of(), List.of(), List.of(), null, false, false, "debug", null, false, false, null, true, null)));
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("ward", "--content", "--logging", "--hostile-instructions")),
                options, events, slow)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals(2, ContentFixtures.resources(runtime, "ward").resources().size());
            assertEquals(1, runtime.prompts().size());
            assertFalse(runtime.trustedInstructions().isEmpty());
            long pid = runtime.connection("ward").pid();

            assertThrows(McpError.class, () -> McpCalls.text(runtime, "ward", "crash", null));
            ServerStatus recovering = events.awaitState("ward", State.RECOVERING, Duration.ofSeconds(10));
            // The first attempt waits at least a second: this is what a model request or /mcp sees meanwhile.
            assertEquals(State.RECOVERING, runtime.connection("ward").status().state());
            assertEquals(List.of(), runtime.tools(), "tools withdrawn");
            assertEquals(ContentCatalog.EMPTY, ContentFixtures.resources(runtime, "ward"), "resources and templates withdrawn");
            assertEquals(List.of(), runtime.prompts(), "prompts (slash commands) withdrawn");
            assertEquals("", runtime.trustedInstructions(), "instructions withdrawn");
            ServerStatus shown = runtime.connection("ward").status();
            assertEquals(List.of(0, 0, 0, 0), List.of(shown.toolCount(), shown.resourceCount(), shown.templateCount(),
                    shown.promptCount()));

            events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                    && s.generation() > recovering.generation(), Duration.ofSeconds(20));
            assertNotEquals(pid, runtime.connection("ward").pid());
            assertEquals(2, ContentFixtures.resources(runtime, "ward").resources().size());
            assertEquals(1, runtime.prompts().size());
            assertFalse(runtime.trustedInstructions().isEmpty());
            var stats = Interact.stats(runtime, "ward");
            assertEquals("debug", stats.path("logLevel").asString(), "the new process was asked for the configured level");
            assertEquals(1, stats.path("setLevels").asInt());
        }
    }
}
