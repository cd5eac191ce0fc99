package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The catalog TTL: before a model request, the tool list of a server that does not send
 * {@code list_changed} is refetched once it is older than 20 s, so a tool it added quietly
 * appears; a server that declared {@code listChanged} is trusted to say so and is not refetched.
 * Resource and prompt lists follow the same rule.
 */
class CatalogTtlTest {
    private final AtomicLong clock = new AtomicLong();

    private McpConnectionSettings settings() {
        return McpConnectionSettings.DEFAULT.withHealing(TestSettings.withClock(McpConnectionSettings.Healing.DEFAULT
                .withHealthCheck(Duration.ZERO), clock::get));
    }

    private static List<String> names(List<Tool> tools) {
        return tools.stream().map(t -> t.definition().name()).toList();
    }

    private List<Tool> modelRequestAfter(McpRuntime runtime, Duration elapsed) {
        clock.addAndGet(elapsed.toNanos());
        return runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
    }

    @Test
    void aServerWithoutListChangedIsRefetchedOnceItsListIsOlderThanTheTtl() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("quiet", "--static-tools")), options(),
                McpRuntimeListener.NONE, settings())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            text(runtime, "quiet", "set_catalog", args("mode", "v1"));

            assertFalse(names(modelRequestAfter(runtime, Duration.ofSeconds(19))).contains("mcp__quiet__gen_1"), "fresh enough");
            assertEquals(1, Interact.stats(runtime, "quiet").path("fetches").asInt());

            assertTrue(names(modelRequestAfter(runtime, Duration.ofSeconds(1))).contains("mcp__quiet__gen_1"),
                    "refetched before the model request: the quietly added tool is offered");
            assertEquals(2, Interact.stats(runtime, "quiet").path("fetches").asInt());

            modelRequestAfter(runtime, Duration.ofSeconds(5));
            assertEquals(2, Interact.stats(runtime, "quiet").path("fetches").asInt(), "the new list is fresh again");
        }
    }

    @Test
    void aServerThatSendsListChangedIsNotRefetchedOnATimer() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("chatty")), options(), McpRuntimeListener.NONE, settings())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            text(runtime, "chatty", "set_catalog", args("mode", "v1"));

            assertFalse(names(modelRequestAfter(runtime, Duration.ofMinutes(5))).contains("mcp__chatty__gen_1"));
            assertEquals(1, Interact.stats(runtime, "chatty").path("fetches").asInt(), "only the first fetch");
        }
    }

    @Test
    void resourceAndPromptListsWithoutListChangedAreRefetchedAfterTheTtlToo() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("quiet", "--content", "--static-content")), options(),
                McpRuntimeListener.NONE, settings())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            text(runtime, "quiet", "set_catalog", args("resources", "v1", "prompts", "v1"));

            modelRequestAfter(runtime, Duration.ofSeconds(19));
            assertFalse(uris(runtime).contains("chaos://gen/1"), "fresh enough");
            assertEquals(1, Interact.stats(runtime, "quiet").path("resourceFetches").asInt());

            modelRequestAfter(runtime, Duration.ofSeconds(1));
            assertTrue(uris(runtime).contains("chaos://gen/1"), "the quietly added resource is listed: " + uris(runtime));
            assertTrue(runtime.prompts().stream().anyMatch(p -> p.name().equals("gen_1")), "the quietly added prompt is offered");
            assertEquals(2, Interact.stats(runtime, "quiet").path("promptFetches").asInt());
        }
    }

    @Test
    void contentListsOfAServerThatSendsListChangedAreNotRefetchedOnATimer() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("chatty", "--content")), options(), McpRuntimeListener.NONE,
                settings())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            modelRequestAfter(runtime, Duration.ofMinutes(5));
            assertEquals(1, Interact.stats(runtime, "chatty").path("resourceFetches").asInt(), "only the first fetch");
            assertEquals(1, Interact.stats(runtime, "chatty").path("promptFetches").asInt(), "only the first fetch");
        }
    }

    private static List<String> uris(McpRuntime runtime) {
        return ContentFixtures.resources(runtime, "quiet").resources().stream().map(r -> r.uri()).toList();
    }
}
