package dev.tether.config.sources;

/** Where a server declaration comes from, lowest precedence first (see {@link McpSources}). */
public enum McpSource {
    /** A workspace {@code .mcp.json}, from the project root down to the session's directory. */
    WORKSPACE("project .mcp.json"),
    /** The user's config file. */
    USER_CONFIG("user config"),
    /** The user's servers for this project only ({@code tether mcp add --scope local}, {@link LocalServers}), by project root. */
    LOCAL("local"),
    /** The editor's {@code mcpServers} in {@code session/new}, {@code load} or {@code resume}. */
    EDITOR("editor"),
    /** {@code --mcp-config}. */
    COMMAND_LINE("--mcp-config"),
    /** The managed settings file. */
    MANAGED("managed settings");

    private final String label;

    McpSource(String label) {
        this.label = label;
    }

    /** How {@code /mcp} and {@code tether mcp} name it. */
    public String label() {
        return label;
    }
}
