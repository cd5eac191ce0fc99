package dev.tether.mcp.interaction.elicitation;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * The {@code notifications/elicitation/complete} seen recently, by server and elicitation id, so a
 * call that failed with -32042 can wait until the browser flow it asked for is done before it is
 * retried. Bounded: only the last {@value #KEPT} completions are remembered.
 */
final class ElicitationCompletions {
    static final int KEPT = 256;

    private final Deque<String> order = new ArrayDeque<>();
    private final Set<String> done = new HashSet<>();

    synchronized void complete(String server, String elicitationId) {
        String key = key(server, elicitationId);
        if (done.add(key)) {
            order.addLast(key);
            if (order.size() > KEPT) {
                done.remove(order.removeFirst());
            }
        }
        notifyAll();
    }

    /**
     * Waits until every id in {@code ids} completed, at most {@code wait}.
     *
     * @return whether they all completed
     * @throws CancelledException {@code cancellation} fired
     */
    boolean await(String server, Collection<String> ids, Duration wait, Cancellation cancellation) {
        long deadline = System.nanoTime() + wait.toNanos();
        try (Cancellation.Registration ignored = cancellation.onCancel(this::wake)) {
            synchronized (this) {
                while (!ids.stream().allMatch(id -> done.contains(key(server, id)))) {
                    cancellation.throwIfCancelled();
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    wait(Math.max(1, left / 1_000_000));
                }
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
    }

    private synchronized void wake() {
        notifyAll();
    }

    private static String key(String server, String id) {
        return server + "\u0000" + id;
    }
}
