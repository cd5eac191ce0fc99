package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.everything;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Resources, templates, completion and prompts of {@code @modelcontextprotocol/server-everything} over stdio. */
class EverythingContentTest {

    @Test
    void resourcesTemplatesCompletionAndPrompts() {
        Path index = everything();
        assumeTrue(index != null, "server-everything is not installed under conformance/");
        McpServerSpec spec = new McpServerSpec.Stdio("everything", "node", List.of(index.toString(), "stdio"), Map.of(), null);
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
            var catalog = ContentFixtures.resources(runtime, "everything");
            assertFalse(catalog.resources().isEmpty());
            assertTrue(catalog.templates().stream().anyMatch(t -> t.uriTemplate().equals("demo://resource/dynamic/text/{resourceId}")),
                    catalog.templates().toString());

            String listed = catalog.resources().getFirst().uri();
            assertTrue(text(runtime.readResource("everything", listed, Cancellation.root()).forModel()).startsWith("[resource "));
            String dynamic = text(runtime.readResource("everything", "demo://resource/dynamic/text/3", Cancellation.root()).forModel());
            assertTrue(dynamic.startsWith("[resource demo://resource/dynamic/text/3"), dynamic);
            assertThrows(McpError.class, () -> runtime.readResource("everything", "demo://secret", Cancellation.root()));

            var ids = runtime.complete("everything", new CompletionRef.ResourceTemplate("demo://resource/dynamic/text/{resourceId}"),
                    "resourceId", "1", Map.of(), Cancellation.root());
            assertTrue(ids.values().stream().allMatch(v -> v.startsWith("1")), ids.toString());

            McpPromptInfo args = runtime.prompts().stream().filter(p -> p.name().equals("args-prompt")).findFirst().orElseThrow();
            assertTrue(args.arguments().stream().anyMatch(a -> a.name().equals("city") && a.required()), args.toString());
            assertThrows(McpError.class, () -> runtime.getPrompt("everything", "args-prompt", Map.of(), Cancellation.root()));
            List<ModelMessage> messages = runtime.getPrompt("everything", "args-prompt", Map.of("city", "Lisbon"), Cancellation.root());
            assertTrue(text(messages.getFirst().parts()).contains("Lisbon"), messages.toString());

            McpPromptInfo completable = runtime.prompts().stream().filter(p -> p.name().equals("completable-prompt"))
                    .findFirst().orElseThrow();
            String first = completable.arguments().getFirst().name();
            var candidates = runtime.complete("everything", new CompletionRef.Prompt("completable-prompt"), first, "",
                    Map.of(), Cancellation.root());
            assertFalse(candidates.values().isEmpty(), candidates.toString());
        }
    }

    private static String text(List<Part> parts) {
        return ((Part.Text) parts.getFirst()).text();
    }
}
