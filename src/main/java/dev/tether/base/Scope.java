package dev.tether.base;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The owner of a session's background threads. Each {@link #start} runs its task on a virtual
 * thread named {@code <scope>-<task>}, so a thread dump says whose it is; {@link #close} refuses
 * new tasks, interrupts the running ones and joins them up to a deadline. A thread that ignores
 * its interrupt past the deadline is logged by name rather than waited for: closing a session
 * must not hang on one stuck task.
 */
public final class Scope implements AutoCloseable {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(Scope.class);
    }
    /** How long {@link #close()} waits for interrupted tasks to end. */
    public static final Duration CLOSE_DEADLINE = Duration.ofSeconds(2);

    private final String name;
    private final Set<Thread> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    private Scope(String name) {
        this.name = name;
    }

    /** A new open scope; {@code name} prefixes the names of its threads. */
    public static Scope named(String name) {
        return new Scope(name);
    }

    /**
     * Runs {@code task} on a new virtual thread owned by this scope and returns it. Once the scope
     * is closed the task is not run and the thread returned is never started: work for a closed
     * session has no one left to report to, and its caller need not handle a failure for that.
     */
    public Thread start(String task, Runnable body) {
        if (closed) {
            log().debug("scope {}: closed, {} not started", name, task);
            return Thread.ofVirtual().name(name + "-" + task).unstarted(() -> { });
        }
        Thread thread = Thread.ofVirtual().name(name + "-" + task).unstarted(() -> {
            try {
                body.run();
            } finally {
                running.remove(Thread.currentThread());
            }
        });
        running.add(thread);
        thread.start();
        // A close racing with this start must still see (and interrupt) the new thread.
        if (closed) {
            thread.interrupt();
        }
        return thread;
    }

    /** The scope's threads that have not ended yet. */
    public List<Thread> threads() {
        return running.stream().filter(Thread::isAlive).toList();
    }

    /** As {@link #close(Duration)} with {@link #CLOSE_DEADLINE}. */
    @Override
    public void close() {
        close(CLOSE_DEADLINE);
    }

    /** Refuses new tasks, interrupts the running ones and waits up to {@code deadline} for them to end. Idempotent. */
    public void close(Duration deadline) {
        closed = true;
        Thread self = Thread.currentThread();
        List<Thread> threads = running.stream().filter(t -> t != self).toList();
        threads.forEach(Thread::interrupt);
        long end = System.nanoTime() + deadline.toNanos();
        try {
            for (Thread thread : threads) {
                long left = end - System.nanoTime();
                if (left > 0) {
                    thread.join(Duration.ofNanos(left));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> stuck = threads.stream().filter(Thread::isAlive).map(Thread::getName).toList();
        if (!stuck.isEmpty()) {
            log().warn("scope {}: threads still running after {} ms: {}", name, deadline.toMillis(), stuck);
        }
    }
}
