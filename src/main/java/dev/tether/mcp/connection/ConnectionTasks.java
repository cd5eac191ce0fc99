package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.client.TaskRequests;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.task.TaskServer;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One connection's task methods for {@link dev.tether.mcp.task.McpTasks}: each request goes to
 * the session that is ready now, so a watcher whose transport was lost fails its poll (and tries
 * again at the next) until recovery brings a new session, and the connection's lifetime bounds
 * every wait.
 */
public final class ConnectionTasks implements TaskServer {
    private final McpConnection connection;
    private final McpRuntimeOptions options;
    private final Cancellation lifetime;

    public ConnectionTasks(McpConnection connection, McpRuntimeOptions options, Cancellation lifetime) {
        this.connection = connection;
        this.options = options;
        this.lifetime = lifetime;
    }

    /** Whether the server's policy enables tasks and the ready server declared tasks for {@code tools/call}. */
    public static boolean offered(McpConnection connection, McpRuntimeOptions options) {
        if (!options.policyFor(connection.name()).tasks()) {
            return false;
        }
        McpClientSession client = connection.readySession();
        return client != null && client.tasks().declaresToolTasks();
    }

    @Override
    public String name() {
        return connection.name();
    }

    private TaskRequests requests() {
        McpClientSession client = connection.readySession();
        if (client == null) {
            throw new McpError.NotReady(connection.name(), connection.status().state(), connection.status().reason(),
                    "server \"" + connection.name() + "\" is not ready");
        }
        return client.tasks();
    }

    @Override
    public McpTaskState.Created create(String tool, JsonNode arguments, Cancellation cancellation) {
        return bounded(cancellation, c -> requests().create(tool, arguments, options.callTimeoutsFor(name()).idle(), c));
    }

    @Override
    public McpTaskState get(McpTaskState last, Cancellation cancellation) {
        return bounded(cancellation, c -> requests().get(last, options.listTimeout(), c));
    }

    @Override
    public void answer(McpTaskState last, Map<String, JsonNode> pending, Cancellation cancellation) {
        bounded(cancellation, c -> {
            requests().answer(last, pending, options.listTimeout(), c);
            return null;
        });
    }

    @Override
    public McpCallResult result(String taskId, Duration timeout, Cancellation cancellation) {
        return bounded(cancellation, c -> requests().result(taskId, timeout, c));
    }

    @Override
    public void cancel(McpTaskState last, Duration timeout) {
        McpClientSession client = connection.readySession();
        if (client != null) {
            client.tasks().cancel(last, timeout, Cancellation.root());
        }
    }

    private <T> T bounded(Cancellation cancellation, java.util.function.Function<Cancellation, T> request) {
        try (Cancellation c = cancellation.child(); Cancellation.Registration ignored = lifetime.onCancel(c::cancel)) {
            return request.apply(c);
        }
    }

}
