package dev.tether.mcp.task;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.call.OutputSchema;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * One task of the session: Tether's id, the server's id (never shown), the tool, the creation
 * time the server stated (a task that comes back from a reconnect with another one is not this
 * task), the last state seen, and whether its call already returned to the model (background).
 */
final class TaskEntry {
    final McpTaskId id;
    final TaskServer server;
    final String serverTaskId;
    final String tool;
    final String createdAt;
    final OutputSchema outputSchema;
    final Cancellation watch;
    final long started = System.nanoTime();
    final CompletableFuture<TaskEvents.TaskReport> done = new CompletableFuture<>();
    /** Released by {@code notifications/tasks/status} or a cancel: the watcher looks again at once. */
    final Semaphore wake = new Semaphore(0);
    volatile McpTaskState last;
    /** Keys of the tasks extension's input requests already answered: a key is answered once (the watcher's thread only). */
    final java.util.Set<String> answered = new java.util.HashSet<>();
    private boolean background;

    TaskEntry(McpTaskId id, TaskServer server, String tool, McpTaskState created, OutputSchema outputSchema, Cancellation watch) {
        this.id = id;
        this.server = server;
        this.serverTaskId = created.taskId();
        this.tool = tool;
        this.createdAt = created.createdAt();
        this.outputSchema = outputSchema;
        this.watch = watch;
        this.last = created;
    }

    /** Moves the task to the background unless it has ended already (then its result is returned in the foreground). */
    synchronized boolean toBackground() {
        if (done.isDone()) {
            return false;
        }
        background = true;
        return true;
    }

    /** Records the end; returns whether the task was in the background (its result must be delivered), false when it had ended. */
    synchronized Boolean finish(TaskEvents.TaskReport report) {
        return done.complete(report) ? background : null;
    }

    synchronized boolean inBackground() {
        return background;
    }

    /** What the model and the user may see now. */
    TaskEvents.TaskReport snapshot() {
        TaskEvents.TaskReport ended = done.getNow(null);
        return ended != null ? ended : new TaskEvents.TaskReport(id, server.name(), tool, last.status().wire(), null, null);
    }
}
