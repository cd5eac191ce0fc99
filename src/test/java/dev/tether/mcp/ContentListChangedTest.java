package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code notifications/resources/list_changed} and {@code notifications/prompts/list_changed}:
 * coalesced like the tool list, a failed refresh keeps the last good catalog, a good one commits
 * the next revision, and the host hears of new prompts once they can be read.
 */
class ContentListChangedTest {

    private static McpRuntime start(McpHost host) {
        McpRuntime runtime = McpRuntime.start(List.of(chaos("c", "--content")), options().withHost(host), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT);
        runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
        return runtime;
    }

    private static JsonNode stats(McpRuntime runtime) {
        return Json.parse(text(runtime, "c", "stats", null));
    }

    private static ConnectionContent content(McpRuntime runtime) {
        return runtime.connection("c").content();
    }

    @Test
    void aResourceStormCostsAtMostTwoFetchesAndTheLastListWins() throws Exception {
        try (McpRuntime runtime = start(McpHost.NONE)) {
            assertEquals("sent 500; list version v500", text(runtime, "c", "storm", args("count", "500", "ms", "500", "list", "resources")));
            content(runtime).resourceRefresher().settled().get(20, TimeUnit.SECONDS);

            ContentCatalog catalog = ContentFixtures.resources(runtime, "c");
            assertEquals("chaos://gen/500", catalog.resources().getLast().uri());
            JsonNode stats = stats(runtime);
            int fetches = stats.path("resourceFetches").asInt() - 1; // the first was the connect
            assertTrue(fetches >= 1 && fetches <= 2, "resources/list fetches caused by the storm: " + fetches);
            assertEquals(fetches + 1, stats.path("templateFetches").asInt(), "templates are fetched with the resources");
            assertEquals(1 + fetches, catalog.revision());
            assertEquals(1, stats.path("promptFetches").asInt(), "the prompt list was not touched");
        }
    }

    @Test
    void aPromptStormCostsAtMostTwoFetchesAndTheHostIsToldOnlyOnceTheNewPromptsAreVisible() throws Exception {
        List<List<String>> seenWhenTold = new CopyOnWriteArrayList<>();
        McpRuntime[] self = new McpRuntime[1];
        ContentFixtures.RecordingHost host = new ContentFixtures.RecordingHost() {
            @Override
            public void notice(McpNotice notice) {
                if (notice instanceof McpNotice.PromptsChanged) {
                    seenWhenTold.add(self[0].prompts().stream().map(McpPromptInfo::name).toList());
                }
                super.notice(notice);
            }
        };
        try (McpRuntime runtime = start(host)) {
            self[0] = runtime;
            assertEquals("sent 500; list version v500", text(runtime, "c", "storm", args("count", "500", "ms", "500", "list", "prompts")));
            content(runtime).promptRefresher().settled().get(20, TimeUnit.SECONDS);

            assertEquals(new McpNotice.PromptsChanged("c"), host.await(McpNotice.PromptsChanged.class, Duration.ofSeconds(5)));
            assertEquals(List.of("greet", "gen_500"), seenWhenTold.getLast(), "the host reads the new prompts when told");
            int fetches = stats(runtime).path("promptFetches").asInt() - 1;
            assertTrue(fetches >= 1 && fetches <= 2, "prompts/list fetches caused by the storm: " + fetches);
            assertEquals(fetches, seenWhenTold.size(), "one notice per committed refresh, not per notification");
        }
    }

    @Test
    void aFailedRefreshKeepsTheLastGoodCatalogsAndALaterGoodOneCommitsTheNextRevision() throws Exception {
        try (McpRuntime runtime = start(McpHost.NONE)) {
            ContentCatalog good = ContentFixtures.resources(runtime, "c");
            List<McpPromptInfo> goodPrompts = runtime.prompts();

            text(runtime, "c", "set_catalog", args("resources", "duplicate", "prompts", "error",
                    "notifyResources", "true", "notifyPrompts", "true"));
            content(runtime).resourceRefresher().settled().get(20, TimeUnit.SECONDS);
            content(runtime).promptRefresher().settled().get(20, TimeUnit.SECONDS);
            assertSame(good, ContentFixtures.resources(runtime, "c"), "nothing was committed");
            assertEquals(goodPrompts, runtime.prompts());
            assertEquals("resource list refresh failed: resources/list listed \"chaos://note/1\" twice; "
                    + "prompt list refresh failed: prompts/list failed: the prompts/list backend is down",
                    runtime.status().getFirst().reason(), "shown in /mcp while the lists are stale");

            text(runtime, "c", "set_catalog", args("resources", "v3", "prompts", "v3",
                    "notifyResources", "true", "notifyPrompts", "true"));
            content(runtime).resourceRefresher().settled().get(20, TimeUnit.SECONDS);
            content(runtime).promptRefresher().settled().get(20, TimeUnit.SECONDS);
            ContentCatalog fresh = ContentFixtures.resources(runtime, "c");
            assertEquals(good.revision() + 1, fresh.revision());
            assertEquals("chaos://gen/3", fresh.resources().getLast().uri());
            assertEquals("gen_3", runtime.prompts().getLast().name());
            assertEquals(null, runtime.status().getFirst().reason());
        }
    }
}
