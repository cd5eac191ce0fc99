package dev.tether.mcp.content;

import java.util.List;

/**
 * A prompt of a ready server as the session shows it (an ACP slash command): every string is
 * sanitised and the descriptions are capped. {@code name} is what {@code getPrompt} takes.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/prompts">MCP prompts</a>
 */
public record McpPromptInfo(String server, String name, String title, String description, List<Argument> arguments) {
    public McpPromptInfo {
        arguments = List.copyOf(arguments);
    }

    /** @param description sanitised and capped, or null */
    public record Argument(String name, String description, boolean required) {}
}
