package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The tool catalog decides readiness: a resource or prompt list that breaks a bound or fails
 * during connect costs only that content, is shown as the ready server's reason, and a later
 * {@code list_changed} or manual content refresh brings it in.
 */
class ContentFailureKeepsToolsTest {
    private static final McpPromptInfo GREET = new McpPromptInfo("c", "greet", null, null,
            List.of(new McpPromptInfo.Argument("name", null, true)));

    @Test
    void aResourceListPastABoundLeavesTheServerReadyWithItsToolsAndPromptsUntilAListChangedBringsItIn() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("c", "--content", "--resources", "duplicate")), options(),
                McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            assertEquals(15, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).stream()
                    .filter(t -> t.definition().name().startsWith("mcp__c__")).count(), "every tool");
            ServerStatus status = runtime.status().getFirst();
            assertEquals(new ServerStatus("c", State.READY, "resource list unavailable: resources/list listed \"chaos://note/1\" twice",
                    15, "2025-11-25", 1, 1, 0, 0, 1), status);
            assertEquals(List.of(), ContentFixtures.resources(runtime, "c").resources());
            assertEquals(List.of(GREET), runtime.prompts(), "the prompt list is unaffected");

            text(runtime, "c", "set_catalog", args("resources", "normal", "notifyResources", "true"));
            runtime.connection("c").content().resourceRefresher().settled().get(20, TimeUnit.SECONDS);
            assertEquals(List.of("chaos://note/1", "chaos://note/2"),
                    ContentFixtures.resources(runtime, "c").resources().stream().map(r -> r.uri()).toList());
            assertNull(runtime.status().getFirst().reason(), "the problem is gone with the good list");
        }
    }

    @Test
    void aFailingPromptListLeavesTheServerReadyAndAManualRefreshBringsItIn() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("c", "--content", "--prompts", "error")), options(),
                McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ServerStatus status = runtime.status().getFirst();
            assertEquals(new ServerStatus("c", State.READY,
                    "prompt list unavailable: prompts/list failed: the prompts/list backend is down", 15, "2025-11-25", 1, 1,
                    2, 1, 0), status);
            assertEquals(List.of(), runtime.prompts());

            text(runtime, "c", "set_catalog", args("prompts", "normal"));
            runtime.refreshContent("c", Cancellation.root());
            assertEquals(List.of(GREET), runtime.prompts());
            assertNull(runtime.status().getFirst().reason());
        }
    }
}
