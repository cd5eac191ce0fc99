package dev.tether.tools;

/**
 * What a tool call shows the user: in its first view, as progress and in its result. Hosts map
 * each variant to their own vocabulary (the ACP adapter to tool call content); tools and the MCP
 * runtime never name a host's types.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#content">ACP tool call content</a>
 */
public sealed interface ToolDisplay {

    /** Text, shown as Markdown by editors that render it. */
    record Text(String text) implements ToolDisplay {}

    /** An image, base64 {@code data}; {@code uri} names its source or is null. */
    record Image(String data, String mimeType, String uri) implements ToolDisplay {}

    /** Audio, base64 {@code data}. */
    record Audio(String data, String mimeType) implements ToolDisplay {}

    /** A link to a resource the user may open; every field but {@code uri} and {@code name} may be null. */
    record ResourceLink(String uri, String name, String title, String description, String mimeType, Long size)
            implements ToolDisplay {}

    /** An embedded resource: exactly one of {@code text} and {@code blob} (base64) is set. */
    record Resource(String uri, String mimeType, String text, String blob) implements ToolDisplay {}

    /** A file change; {@code oldText} is null for a new file. */
    record Diff(String path, String oldText, String newText) implements ToolDisplay {}

    /** A live terminal the host runs for the call, by the host's terminal id. */
    record Terminal(String terminalId) implements ToolDisplay {}

    /** A link to another session the call runs (a subagent's child session), by its id. */
    record Session(String sessionId) implements ToolDisplay {}

    static ToolDisplay text(String text) {
        return new Text(text);
    }
}
