package dev.tether.mcp.content;

/**
 * What a completion is for: an argument of a prompt or a variable of a resource template.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion">MCP completion</a>
 */
public sealed interface CompletionRef {
    record Prompt(String name) implements CompletionRef {}

    /** @param uriTemplate the template exactly as listed */
    record ResourceTemplate(String uriTemplate) implements CompletionRef {}
}
