package dev.tether.mcp.content;

/**
 * Where a client session routes the content notifications of its server. Runs on the reader
 * thread: must not block.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources#list-changed-notification">MCP resource notifications</a>
 */
public interface ContentNotifications {
    /** {@code notifications/resources/list_changed}. */
    void resourcesChanged();

    /** {@code notifications/prompts/list_changed}. */
    void promptsChanged();

    /** {@code notifications/resources/updated}; {@code uri} as sent. */
    void resourceUpdated(String uri);

    ContentNotifications NONE = new ContentNotifications() {
        @Override
        public void resourcesChanged() {}

        @Override
        public void promptsChanged() {}

        @Override
        public void resourceUpdated(String uri) {}
    };
}
