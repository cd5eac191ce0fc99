package dev.tether.mcp.task;

import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.security.SecretCuts;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One step of {@link TaskWatcher} for a task of the MCP 2026-07-28 tasks extension, whose
 * {@code tasks/get} answer carries everything: a completed task's result goes through the normal
 * result pipeline, a failed task's error becomes its reason, and an {@code input_required} task's
 * new input requests are answered (each key once, at most {@link #MAX_INPUTS} per task) through the
 * session's elicitation, sampling and roots paths before the watcher polls again; an answer that
 * cannot be delivered ({@code tasks/update} fails) fails and cancels the task.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/tasks">MCP tasks extension (SEP-2663)</a>
 */
final class ExtensionSteps {
    /** Input requests one task may make over its life before Tether stops answering and fails it. */
    static final int MAX_INPUTS = 64;

    private ExtensionSteps() {}

    /**
     * The report when {@code state} ends the task, else null (the watcher polls on). Input that
     * cannot be answered or delivered ends the task (failed, {@code tasks/cancel} sent): the user is
     * asked each question once, never again at the next poll.
     */
    static TaskEvents.TaskReport step(TaskEntry task, McpTaskState state, ResultMapper results, Duration cancelWait) {
        McpTaskState.Detail detail = state.detail();
        switch (state.status()) {
            case COMPLETED -> {
                if (detail.result() == null) {
                    return TaskWatcher.failed(task, McpTaskState.Status.FAILED,
                            "the server reports the task completed but sent no result");
                }
                return new TaskEvents.TaskReport(task.id, task.server.name(), task.tool,
                        McpTaskState.Status.COMPLETED.wire(), results.map(detail.result(), task.outputSchema), null);
            }
            case FAILED -> {
                String why = detail.error() != null ? detail.error() : state.statusMessage();
                return TaskWatcher.failed(task, McpTaskState.Status.FAILED,
                        why == null ? "the server reports the task failed" : TaskWatcher.clean(results.cuts(), why));
            }
            case INPUT_REQUIRED -> {
                return answer(task, state, results.cuts(), cancelWait);
            }
            default -> {
                return null;
            }
        }
    }

    private static TaskEvents.TaskReport answer(TaskEntry task, McpTaskState state, SecretCuts cuts, Duration cancelWait) {
        Map<String, JsonNode> pending = new LinkedHashMap<>(state.detail().inputRequests());
        pending.keySet().removeAll(task.answered);
        if (pending.isEmpty()) {
            return null;
        }
        if (task.answered.size() + pending.size() > MAX_INPUTS) {
            cancelQuietly(task, state, cancelWait);
            return TaskWatcher.failed(task, McpTaskState.Status.FAILED, "the server asked for more than " + MAX_INPUTS
                    + " inputs during this task; Tether stopped answering and cancelled it");
        }
        try {
            task.server.answer(state, pending, task.watch);
        } catch (McpError.Refused e) {
            // Tether cannot answer (not granted, refused by policy): the task cannot go on, so it is not left waiting.
            cancelQuietly(task, state, cancelWait);
            return TaskWatcher.failed(task, McpTaskState.Status.FAILED, TaskWatcher.clean(cuts, e.getMessage()));
        } catch (McpError e) {
            task.watch.throwIfCancelled();
            // The user may have answered already: the keys stay answered, so the question is never put again.
            // Asking again at the next poll is what a failed tasks/update used to do, in a loop.
            task.answered.addAll(pending.keySet());
            cancelQuietly(task, state, cancelWait);
            return TaskWatcher.failed(task, McpTaskState.Status.FAILED, "the answer to the server's input request could not"
                    + " be delivered (" + TaskWatcher.clean(cuts, e.getMessage()) + "); Tether cancelled the task rather than ask again");
        }
        task.answered.addAll(pending.keySet());
        return null;
    }

    /** {@code tasks/cancel}, best effort: the task ends here whether or not the server hears it. */
    private static void cancelQuietly(TaskEntry task, McpTaskState state, Duration cancelWait) {
        try {
            task.server.cancel(state, cancelWait);
        } catch (McpError e) {
            // The server could not be told: its own task ends by its TTL.
        }
    }
}
