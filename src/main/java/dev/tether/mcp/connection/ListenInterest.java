package dev.tether.mcp.connection;

import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.client.ListenFilter;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.listen.ListenStream;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@link ListenStream}'s view of one connection: the wanted resources come from its content half,
 * the watched tasks from whoever watches the connection's tasks (none until the runtime does), and a
 * catch-up asks the refreshers of the lists the new stream announces.
 */
final class ListenInterest implements ListenStream.Interest {
    private final ConnectionContent content;
    private final CoalescingRefresher tools;
    private volatile Supplier<Collection<String>> watched = List::of;

    ListenInterest(ConnectionContent content, CoalescingRefresher tools) {
        this.content = content;
        this.tools = tools;
    }

    /** Where the ids of the server's watched tasks come from from now on. */
    void watch(Supplier<Collection<String>> tasks) {
        watched = tasks;
    }

    @Override
    public Collection<String> resources() {
        return content.listenUris();
    }

    @Override
    public Collection<String> tasks() {
        return watched.get();
    }

    @Override
    public void catchUp(ListenFilter announced) {
        if (announced.tools()) {
            tools.request();
        }
        if (announced.resources()) {
            content.resourceRefresher().request();
        }
        if (announced.prompts()) {
            content.promptRefresher().request();
        }
    }
}
