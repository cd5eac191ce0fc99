package dev.tether.conformance;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.content.ListResourcesTool;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.mcp.content.ReadResourceTool;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The content flows of the conformance client: what the model does with a server's resources (lists
 * them with {@code mcp_list_resources}, reads each with {@code mcp_read_resource}) and what the user
 * does with its prompts (a slash command gets the prompt's messages), so the suite sees
 * {@code resources/read} and {@code prompts/get} on the wire.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources">MCP resources</a>
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/prompts">MCP prompts</a>
 */
final class ContentScenarios {
    private ContentScenarios() {}

    /**
     * Reads every resource {@code server} lists and gets every prompt of it that needs no argument.
     *
     * @throws ConformanceClient.FlowFailed the server lists no resource or no such prompt, or a read failed
     */
    static void readEverything(McpRuntime runtime, List<Tool> tools, String server) throws ToolError {
        JsonNode listed = Json.parse(ConformanceClient.call(tools, ListResourcesTool.NAME, Json.object().put("server", server)));
        int read = 0;
        for (JsonNode entry : listed.path("entries")) {
            if (entry.hasNonNull("uri")) {
                ConformanceClient.call(tools, ReadResourceTool.NAME,
                        Json.object().put("server", server).put("uri", entry.get("uri").asString()));
                read++;
            }
        }
        int got = 0;
        for (McpPromptInfo prompt : runtime.prompts()) {
            if (prompt.server().equals(server) && prompt.arguments().stream().noneMatch(McpPromptInfo.Argument::required)) {
                System.err.println("conformance: prompt " + prompt.name() + ": "
                        + runtime.getPrompt(server, prompt.name(), Map.of(), Cancellation.root()).size() + " messages");
                got++;
            }
        }
        if (read == 0 || got == 0) {
            throw new ConformanceClient.FlowFailed("expected resources to read and prompts to get; read " + read + ", got " + got);
        }
    }
}
