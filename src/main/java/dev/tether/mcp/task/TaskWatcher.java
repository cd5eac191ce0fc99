package dev.tether.mcp.task;

import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.security.SecretCuts;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows one task until it ends: {@code tasks/get} at the server's {@code pollInterval} (within
 * the settings' bounds), earlier (never sooner than the polling floor) when a status notification
 * ({@code notifications/tasks/status}, or {@code notifications/tasks} on a 2026 listen stream) wakes it; on
 * {@code input_required} or {@code completed} it calls {@code tasks/result} (the server's
 * elicitation, marked with the related task, reaches the user through the normal path while it
 * waits). A task of the 2026 tasks extension has no {@code tasks/result}: {@link ExtensionSteps}
 * reads its inline result or error and answers its input requests. Errors retry at the next poll; errors for longer than the budget, "task not found", or a
 * task that comes back from a reconnect with another {@code createdAt} fail it.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 */
final class TaskWatcher {
    private static final Logger LOG = LoggerFactory.getLogger(TaskWatcher.class);
    static final int MAX_MESSAGE_BYTES = 1024;

    private final TaskSettings settings;
    private final ResultMapper results;
    private final BiConsumer<TaskEntry, TaskEvents.TaskReport> finish;

    TaskWatcher(TaskSettings settings, ResultMapper results, BiConsumer<TaskEntry, TaskEvents.TaskReport> finish) {
        this.settings = settings;
        this.results = results;
        this.finish = finish;
    }

    void watch(TaskEntry task) {
        long errorsSince = 0;
        boolean failing = false;
        McpTaskState state = task.last;
        try {
            while (!task.watch.isCancelled()) {
                String error = null;
                try {
                    if (state.detail() != null) {
                        TaskEvents.TaskReport ended = ExtensionSteps.step(task, state, results, settings.closeWait());
                        if (ended != null) {
                            finish.accept(task, ended);
                            return;
                        }
                    } else if (state.status() == McpTaskState.Status.COMPLETED
                            || state.status() == McpTaskState.Status.INPUT_REQUIRED) {
                        McpCallResult result = task.server.result(task.serverTaskId, settings.resultWait(), task.watch);
                        finish.accept(task, new TaskEvents.TaskReport(task.id, task.server.name(), task.tool,
                                McpTaskState.Status.COMPLETED.wire(), results.map(result, task.outputSchema), null));
                        return;
                    }
                    if (state.status().terminal()) {
                        String why = state.statusMessage() == null ? "the server reports the task " + state.status().wire()
                                : clean(results.cuts(), state.statusMessage());
                        finish.accept(task, failed(task, state.status(), why));
                        return;
                    }
                    sleep(task, state.pollIntervalMs());
                    McpTaskState next = task.server.get(state, task.watch);
                    if (!task.serverTaskId.equals(next.taskId()) || !Objects.equals(task.createdAt, next.createdAt())) {
                        finish.accept(task, failed(task, McpTaskState.Status.FAILED,
                                "the server's task is not the one this call started (its id or creation time changed, "
                                + "likely after a reconnect); its result cannot be trusted"));
                        return;
                    }
                    state = next;
                    task.last = next;
                    failing = false;
                } catch (McpError e) {
                    if (notFound(e)) {
                        finish.accept(task, failed(task, McpTaskState.Status.FAILED, "the server no longer knows this task ("
                                + clean(results.cuts(), e.getMessage()) + ")"));
                        return;
                    }
                    error = clean(results.cuts(), e.getMessage());
                }
                if (error != null) {
                    long now = System.nanoTime();
                    if (!failing) {
                        failing = true;
                        errorsSince = now;
                    } else if (now - errorsSince >= settings.errorBudget().toNanos()) {
                        finish.accept(task, failed(task, McpTaskState.Status.FAILED, "the server could not be reached for "
                                + settings.errorBudget().toMinutes() + " minutes: " + error));
                        return;
                    }
                    LOG.debug("mcp {}: task {}: {} (retrying at the next poll)", task.server.name(), task.id, error);
                    if (state.status() != McpTaskState.Status.WORKING) {
                        // Do not call tasks/result (or answer input) again at once: wait for the next poll first.
                        state = state.withStatus(McpTaskState.Status.WORKING);
                    }
                }
            }
        } catch (CancelledException e) {
            // Cancelled by the turn, the model, or the session's end: whoever cancelled reports it.
        }
    }

    private void sleep(TaskEntry task, Long suggestedMs) {
        long floor = System.nanoTime() + settings.pollFloor().toNanos();
        try (var ignored = task.watch.onCancel(task.wake::release)) {
            task.wake.tryAcquire(settings.pollInterval(suggestedMs).toNanos(), TimeUnit.NANOSECONDS);
            // A notification wakes the watcher early, but not sooner than the polling floor after the last
            // poll: a server flooding status notifications gets no more tasks/get than the shortest interval allows.
            long rest;
            while (!task.watch.isCancelled() && (rest = floor - System.nanoTime()) > 0) {
                task.wake.tryAcquire(rest, TimeUnit.NANOSECONDS);
            }
            task.wake.drainPermits();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
        task.watch.throwIfCancelled();
    }

    /** JSON-RPC -32602 ("Task not found", as the spec has servers answer for an unknown or expired task). */
    static boolean notFound(McpError e) {
        return e instanceof McpError.ErrorAnswer answer && (answer.code() == -32602
                || String.valueOf(answer.getMessage()).toLowerCase(Locale.ROOT).contains("task not found"));
    }

    static TaskEvents.TaskReport failed(TaskEntry task, McpTaskState.Status status, String why) {
        return new TaskEvents.TaskReport(task.id, task.server.name(), task.tool, status.wire(), null, why);
    }

    /** A server's message about a task, for the model and the editor: masked, sanitised and redacted, then capped. */
    static String clean(SecretCuts cuts, String text) {
        return text == null ? "" : cuts.redact(text, MAX_MESSAGE_BYTES);
    }
}
