package dev.tether.mcp.task;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.call.OutputSchema;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.security.SecretCuts;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The MCP tasks of one session. A call started as a task waits in the foreground for
 * {@link TaskSettings#foreground()}; a task still running then goes to the background (the call
 * returns its id and the notice that the result follows), and its end is delivered through
 * {@link TaskEvents}. Tasks are keyed by Tether's ids only, and each session has its own
 * registry, so the model tools see, read and cancel only the session's own tasks. Closing
 * cancels every running task ({@code tasks/cancel}, bounded).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 */
public final class McpTasks implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpTasks.class);
    /** The server's model-immediate-response text is model context the server controls: kept short. */
    static final int MAX_IMMEDIATE_BYTES = 2048;
    /** Ended tasks kept for the model tools; older ended ones are forgotten first. Running tasks are always kept. */
    static final int MAX_ENDED = 100;

    private final TaskSettings settings;
    private final TaskEvents events;
    private final Map<McpTaskId, TaskEntry> tasks = new ConcurrentHashMap<>();
    private final Cancellation lifetime = Cancellation.root();
    private final TaskWatcher watcher;
    private final SecretCuts cuts;
    private volatile java.util.function.Consumer<String> runningChanged = server -> { };

    public McpTasks(TaskSettings settings, ResultMapper results, TaskEvents events) {
        this.settings = settings;
        this.events = events;
        this.watcher = new TaskWatcher(settings, results, this::finish);
        this.cuts = results.cuts();
    }

    /**
     * Calls {@code tool} as a task and waits in the foreground. Returns the mapped result when the
     * task ends in time, or a notice with Tether's task id when it goes to the background.
     *
     * @throws ToolError.TellModel the task failed or was cancelled by the server
     * @throws CancelledException  the turn was cancelled; {@code tasks/cancel} was sent
     * @throws dev.tether.mcp.api.McpError the server refused or did not create the task
     */
    /** How a server's texts about its tasks are masked and cut. */
    SecretCuts cuts() {
        return cuts;
    }

    public ToolOutcome run(TaskServer server, String tool, String rawTool, JsonNode arguments, OutputSchema outputSchema,
                           Cancellation turn) throws ToolError.TellModel {
        lifetime.throwIfCancelled();
        McpTaskState.Created created = create(server, rawTool, arguments, turn);
        TaskEntry task = new TaskEntry(McpTaskId.random(), server, tool, created.task(), outputSchema, lifetime.child());
        tasks.put(task.id, task);
        forgetOldEnded();
        if (!task.last.status().terminal()) {
            runningChanged.accept(server.name());
            task.done.whenComplete((report, failure) -> runningChanged.accept(server.name()));
        }
        Thread.ofVirtual().name("mcp-task-" + task.id).start(() -> watcher.watch(task));
        TaskEvents.TaskReport report = await(task, turn);
        if (report != null) {
            return outcome(report);
        }
        String immediate = created.immediateResponse() == null ? null
                : TaskWatcher.clean(cuts, created.immediateResponse()).strip();
        String shown = immediate == null || immediate.isEmpty() ? null : cuts.cap(immediate, MAX_IMMEDIATE_BYTES);
        events.backgrounded(task.snapshot(), shown);
        return ToolOutcome.text(backgroundText(task, shown));
    }

    /**
     * Sends the task-creating {@code tools/call}. A cancelled turn does not abandon that request:
     * the server may create the task anyway, and a task nobody knows the id of would run on
     * unseen. So the request lives as long as the session, and a task created after the turn was
     * cancelled gets its {@code tasks/cancel} at once.
     */
    private McpTaskState.Created create(TaskServer server, String rawTool, JsonNode arguments, Cancellation turn) {
        CompletableFuture<McpTaskState.Created> creating = new CompletableFuture<>();
        Thread.ofVirtual().name("mcp-task-create-" + server.name()).start(() -> {
            try {
                creating.complete(server.create(rawTool, arguments, lifetime));
            } catch (Throwable e) {
                creating.completeExceptionally(e);
            }
        });
        CompletableFuture<Void> stop = new CompletableFuture<>();
        try (Cancellation.Registration ignored = turn.onCancel(() -> stop.complete(null))) {
            CompletableFuture.anyOf(creating, stop).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.complete(null);
        } catch (ExecutionException e) {
            // The creation failed: rethrown below.
        }
        if (!creating.isDone() || turn.isCancelled()) {
            creating.thenAccept(late -> Thread.ofVirtual().name("mcp-task-cancel-" + server.name())
                    .start(() -> sendCancel(server, late.task(), "late")));
            throw new CancelledException();
        }
        try {
            return creating.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /** The report when the task ended within the foreground wait, else null once it is in the background. */
    private TaskEvents.TaskReport await(TaskEntry task, Cancellation turn) {
        CompletableFuture<Void> stop = new CompletableFuture<>();
        try (Cancellation.Registration ignored = turn.onCancel(() -> stop.complete(null))) {
            CompletableFuture.anyOf(task.done, stop).get(settings.foreground().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return task.toBackground() ? null : task.done.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel(task, "the turn was cancelled");
            throw new CancelledException();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        if (task.done.isDone()) {
            return task.done.join();
        }
        cancel(task, "the turn was cancelled");
        throw new CancelledException();
    }

    static String backgroundText(TaskEntry task, String immediate) {
        StringBuilder text = new StringBuilder("The MCP tool ").append(task.tool).append(" runs as task ").append(task.id)
                .append(" of server \"").append(task.server.name()).append("\" and continues in the background. ")
                .append("Its result will be given to you when it ends; you may end your turn. ")
                .append("Use mcp_task_status, mcp_task_result or mcp_task_cancel with this id.");
        if (immediate != null) {
            text.append("\n\nThe server's interim response (untrusted output of that tool):\n").append(immediate);
        }
        return text.toString();
    }

    private static ToolOutcome outcome(TaskEvents.TaskReport report) throws ToolError.TellModel {
        if (report.outcome() != null) {
            return report.outcome();
        }
        throw new ToolError.TellModel(report.server() + ": task " + report.id() + " " + report.status() + ": " + report.failure());
    }

    private void finish(TaskEntry task, TaskEvents.TaskReport report) {
        Boolean background = task.finish(report);
        if (Boolean.TRUE.equals(background) && !lifetime.isCancelled()) {
            try {
                events.ended(report);
            } catch (RuntimeException e) {
                LOG.warn("mcp {}: the end of task {} could not be delivered: {}", report.server(), report.id(), e.toString());
            }
        }
    }

    private void forgetOldEnded() {
        List<TaskEntry> ended = tasks.values().stream().filter(t -> t.done.isDone()).toList();
        if (ended.size() > MAX_ENDED) {
            ended.stream().sorted(java.util.Comparator.comparingLong(t -> t.started)).limit(ended.size() - MAX_ENDED)
                    .forEach(t -> tasks.remove(t.id));
        }
    }

    /** Stops watching, sends {@code tasks/cancel} (bounded, off the caller's thread) and records the end. */
    private void cancel(TaskEntry task, String why) {
        task.watch.cancel();
        task.finish(TaskWatcher.failed(task, McpTaskState.Status.CANCELLED, why));
        Thread.ofVirtual().name("mcp-task-cancel-" + task.id).start(() -> sendCancel(task));
    }

    private void sendCancel(TaskEntry task) {
        sendCancel(task.server, task.last, task.id.toString());
    }

    private void sendCancel(TaskServer server, McpTaskState last, String shownId) {
        try {
            server.cancel(last, settings.closeWait());
        } catch (RuntimeException e) {
            LOG.debug("mcp {}: tasks/cancel for {} failed: {}", server.name(), shownId, e.toString());
        }
    }

    // ---- What the model tools use: the session's own tasks, by Tether's id ----

    /** The task with this id in this session, or null: another session's ids are unknown here. */
    TaskEntry find(String id) {
        return id == null ? null : tasks.get(new McpTaskId(id));
    }

    List<TaskEvents.TaskReport> list() {
        List<TaskEvents.TaskReport> out = new ArrayList<>();
        tasks.values().forEach(t -> out.add(t.snapshot()));
        out.sort(java.util.Comparator.comparing(r -> r.id().value()));
        return out;
    }

    /** Cancels a running task at the model's request; false when it had ended already. */
    boolean cancelByModel(TaskEntry task) {
        if (task.done.isDone()) {
            return false;
        }
        cancel(task, "cancelled at the model's request");
        return true;
    }

    /**
     * Told the server name whenever a task of that server starts or ends (a 2026 listen stream
     * then subscribes to the tasks {@link #running} names).
     */
    public void onRunningChanged(java.util.function.Consumer<String> listener) {
        this.runningChanged = listener;
    }

    /** The server's ids of {@code server}'s tasks still being watched, oldest first. */
    public List<String> running(String server) {
        return tasks.values().stream().filter(t -> !t.done.isDone() && t.server.name().equals(server))
                .sorted(java.util.Comparator.comparingLong(t -> t.started)).map(t -> t.serverTaskId).toList();
    }

    /**
     * A task of the session that has not ended, as the user may see it: Tether's id, its server,
     * the tool's projected name, its status and the server's message about it (sanitised, masked,
     * capped), and when it started.
     */
    public record Running(McpTaskId id, String server, String tool, String status, String message, java.time.Instant since) {}

    /** The session's tasks that have not ended, oldest first, for the status view. */
    public List<Running> inFlight() {
        java.time.Instant now = java.time.Instant.now();
        long nanos = System.nanoTime();
        return tasks.values().stream().filter(t -> !t.done.isDone())
                .sorted(java.util.Comparator.comparingLong(t -> t.started))
                .map(t -> {
                    McpTaskState last = t.last;
                    String message = last.statusMessage() == null ? null : cuts.cap(cuts.clean(last.statusMessage()), MAX_IMMEDIATE_BYTES);
                    return new Running(t.id, t.server.name(), t.tool, last.status().wire(), message, now.minusNanos(nanos - t.started));
                }).toList();
    }

    /**
     * A status notification from {@code server} ({@code notifications/tasks/status}, or
     * {@code notifications/tasks} on a 2026 listen stream): the watcher of that task, if this
     * session has one, looks again soon. An unknown id is ignored; nothing is created or changed by a
     * notification, since the watcher reads the task's state with {@code tasks/get}.
     */
    public void statusChanged(String server, String serverTaskId) {
        for (TaskEntry task : tasks.values()) {
            if (task.server.name().equals(server) && task.serverTaskId.equals(serverTaskId)) {
                task.wake.release();
            }
        }
    }

    /** Cancels every running task: {@code tasks/cancel} to each, in parallel, waiting at most {@link TaskSettings#closeWait()}. */
    @Override
    public void close() {
        lifetime.cancel();
        List<Thread> cancels = new ArrayList<>();
        for (TaskEntry task : tasks.values()) {
            if (task.finish(TaskWatcher.failed(task, McpTaskState.Status.CANCELLED, "the session closed")) != null) {
                cancels.add(Thread.ofVirtual().name("mcp-task-cancel-" + task.id).start(() -> sendCancel(task)));
            }
        }
        long deadline = System.nanoTime() + settings.closeWait().toNanos();
        for (Thread thread : cancels) {
            try {
                thread.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
