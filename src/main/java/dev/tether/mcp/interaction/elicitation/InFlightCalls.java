package dev.tether.mcp.interaction.elicitation;

import dev.tether.base.Cancellation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tool calls in flight per server, so that a server's request for input can be tied to the
 * call that caused it: when exactly one call to that server is running it must be that one (its
 * ACP tool call id scopes the request, and its cancellation ends it); with two or more Tether
 * cannot tell, and the request is scoped to the session.
 */
public final class InFlightCalls {
    private record Call(String toolCallId, Cancellation cancellation) {}

    private final Map<String, List<Call>> byServer = new HashMap<>();

    /** Marks a call as running until the returned scope is closed. */
    public synchronized Scope enter(String server, String toolCallId, Cancellation cancellation) {
        Call call = new Call(toolCallId, cancellation);
        byServer.computeIfAbsent(server, s -> new ArrayList<>()).add(call);
        return () -> leave(server, call);
    }

    private synchronized void leave(String server, Call call) {
        List<Call> list = byServer.get(server);
        if (list != null && list.remove(call) && list.isEmpty()) {
            byServer.remove(server);
        }
    }

    private synchronized Call only(String server) {
        List<Call> list = byServer.get(server);
        return list == null || list.size() != 1 ? null : list.getFirst();
    }

    /** Whether any call to {@code server} is in flight. */
    public synchronized boolean any(String server) {
        return byServer.containsKey(server);
    }

    /** The ACP id of the only call to {@code server} in flight, or null when there are none or several. */
    public String single(String server) {
        Call call = only(server);
        return call == null ? null : call.toolCallId();
    }

    /** Runs {@code action} when the only call to {@code server} in flight is cancelled (nothing when there is no single call). */
    public Cancellation.Registration onCancel(String server, Runnable action) {
        Call call = only(server);
        return call == null ? () -> { } : call.cancellation().onCancel(action);
    }

    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
