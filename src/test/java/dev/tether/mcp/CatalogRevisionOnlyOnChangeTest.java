package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tether.base.Cancellation;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.mcp.RecordingListener;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A refresh that lists exactly what the catalog already holds changes nothing the user could see:
 * no new catalog revision, no tools-changed event (which would make the session send the editor an
 * update), no prompts notice. A refresh that lists something new still does all three.
 */
class CatalogRevisionOnlyOnChangeTest {

    private static List<McpRuntimeEvent.ToolsChanged> toolEvents(RecordingListener listener) {
        return listener.events().stream().filter(McpRuntimeEvent.ToolsChanged.class::isInstance)
                .map(McpRuntimeEvent.ToolsChanged.class::cast).toList();
    }

    private static long toolRevision(McpRuntime runtime) {
        return runtime.status().getFirst().catalogRevision();
    }

    @Test
    void anUnchangedListKeepsEveryRevisionAndTellsNobodyAndAChangedOneStillDoes() throws Exception {
        RecordingListener listener = new RecordingListener();
        ContentFixtures.RecordingHost host = new ContentFixtures.RecordingHost();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("c", "--content")), options().withHost(host), listener,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            long tools = toolRevision(runtime);
            ContentCatalog resources = ContentFixtures.resources(runtime, "c");
            int toolEventsBefore = toolEvents(listener).size();

            runtime.refresh("c", Cancellation.root());
            runtime.refreshContent("c", Cancellation.root());

            assertEquals(tools, toolRevision(runtime), "same tools: same catalog revision");
            assertSame(resources, ContentFixtures.resources(runtime, "c"), "same resources: the committed catalog stays");
            assertEquals(toolEventsBefore, toolEvents(listener).size(), "no tools-changed event for an unchanged list");
            assertEquals(List.of(), host.notices.stream().filter(McpNotice.PromptsChanged.class::isInstance).toList(),
                    "no prompts notice for an unchanged list");

            text(runtime, "c", "set_catalog", args("mode", "v2", "resources", "v2", "prompts", "v2"));
            runtime.refresh("c", Cancellation.root());
            runtime.refreshContent("c", Cancellation.root());

            assertEquals(tools + 1, toolRevision(runtime));
            assertEquals(resources.revision() + 1, ContentFixtures.resources(runtime, "c").revision());
            assertEquals(toolEventsBefore + 1, toolEvents(listener).size());
            assertEquals(tools + 1, toolEvents(listener).getLast().catalogRevision());
            assertEquals(new McpNotice.PromptsChanged("c"), host.await(McpNotice.PromptsChanged.class, Duration.ofSeconds(5)));
        }
    }
}
