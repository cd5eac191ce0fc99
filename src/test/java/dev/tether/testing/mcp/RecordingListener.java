package dev.tether.testing.mcp;

import dev.tether.mcp.McpRuntimeEvent;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.ServerStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Collects a runtime's events and lets a test wait for one. */
public final class RecordingListener implements McpRuntimeListener {
    private final List<McpRuntimeEvent> events = new ArrayList<>();

    @Override
    public void serverReady(String name, int toolCount) {}

    private final List<String> told = new ArrayList<>();

    @Override
    public synchronized void serverFailed(String name, String redactedReason) {
        told.add("failed " + name);
    }

    @Override
    public synchronized void serverNeedsSignIn(String name, String redactedReason) {
        told.add("needs sign-in " + name);
    }

    /** What {@link #serverFailed} and {@link #serverNeedsSignIn} were told, in order ("failed srv", "needs sign-in srv"). */
    public synchronized List<String> told() {
        return List.copyOf(told);
    }

    @Override
    public void toolsChanged() {}

    @Override
    public synchronized void onEvent(McpRuntimeEvent event) {
        events.add(event);
        notifyAll();
    }

    public synchronized List<McpRuntimeEvent> events() {
        return List.copyOf(events);
    }

    /** The states one server went through, in order. */
    public synchronized List<ServerStatus.State> states(String server) {
        return events.stream().filter(e -> e instanceof McpRuntimeEvent.StateChanged && e.server().equals(server))
                .map(e -> ((McpRuntimeEvent.StateChanged) e).status().state()).toList();
    }

    /** Waits for an event matching {@code test}; fails the test after {@code timeout}. */
    public synchronized McpRuntimeEvent await(Predicate<McpRuntimeEvent> test, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (McpRuntimeEvent e : events) {
                if (test.test(e)) {
                    return e;
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no such event within " + timeout + "; got " + events);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    /** Waits until {@code server} reaches {@code state} (a StateChanged event). */
    public ServerStatus awaitState(String server, ServerStatus.State state, Duration timeout) throws InterruptedException {
        return ((McpRuntimeEvent.StateChanged) await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.server().equals(server)
                && s.status().state() == state, timeout)).status();
    }
}
