package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.Part;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Prompt and resource names, titles and descriptions full of zero-width and bidi characters reach people and the model clean. */
class ContentSanitisingTest {

    @Test
    void invisibleAndBidiCharactersAreRemovedFromPromptsAndListedResources() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("c", "--content", "--resources", "invisible",
                "--prompts", "invisible")), options(), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());

            assertEquals(List.of(new McpPromptInfo("c", "greet", "Greet", "Says hello",
                    List.of(new McpPromptInfo.Argument("name", "Who to greet", true)))), runtime.prompts());

            var listed = tool(tools, "mcp_list_resources").run(Json.object(), context("l", Cancellation.root(), null));
            assertEquals(Json.parse("""
                    {"entries":[
                      {"server":"c","uri":"chaos://note/1","name":"noteevil","title":"Title","description":"Looks innocent"},
                      {"server":"c","uriTemplate":"chaos://note/{n}","name":"note"}],
                     "total":2}"""), Json.parse(((Part.Text) listed.forModel().getFirst()).text()));
        }
    }
}
