package dev.tether.mcp.content;

import java.util.List;

/**
 * One prompt a server listed, as sent (not yet sanitised).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/prompts#prompt">MCP Prompt</a>
 */
public record McpPrompt(String name, String title, String description, List<Argument> arguments) {
    public McpPrompt {
        arguments = List.copyOf(arguments);
    }

    public record Argument(String name, String description, boolean required) {}

    public Argument argument(String argName) {
        return arguments.stream().filter(a -> a.name().equals(argName)).findFirst().orElse(null);
    }
}
