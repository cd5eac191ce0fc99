package dev.tether.agent;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.base.Scope;
import dev.tether.base.Uninterruptibly;
import dev.tether.model.Part;
import dev.tether.tools.ToolError;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the tool calls of one model step and answers every one of them, run or not, in the
 * model's order. Consecutive calls that {@link TurnTools#parallelSafe} are run concurrently on
 * the session's threads, at most {@code maxParallel} at once; any other call is a barrier: it
 * starts after every call before it ended, and the calls after it start after it ended, so a
 * read the model placed after a write sees the write. A fatal failure or a cancellation keeps
 * calls of the step that have not started from starting; calls already running finish or are
 * cancelled, and every call is answered.
 */
final class ToolStep {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ToolStep.class);
    /** What the model reads for a call of the step that a fatal failure before it kept from running. */
    static final String NOT_RUN_AFTER_FATAL = "Not run: an earlier call of this step failed and ended the turn.";
    static final String NOT_RUN_CANCELLED = "Not run: the user cancelled the turn.";
    static final String CANCELLED = "Cancelled by the user.";

    /** The step's results in the model's order; whether the turn was cancelled; a fatal failure, or null. */
    record Result(List<Part> results, boolean cancelled, ToolError.Fatal fatal) {}

    private final TurnTools tools;
    private final Scope threads;
    private final int maxParallel;

    /** @param threads where concurrent calls run; null runs every call on the turn's thread */
    ToolStep(TurnTools tools, Scope threads, int maxParallel) {
        this.tools = tools;
        this.threads = threads;
        this.maxParallel = maxParallel;
    }

    Result run(List<Part.ToolUse> uses, Cancellation turn) {
        TurnTools.Step[] steps = new TurnTools.Step[uses.size()];
        boolean cancelled = false;
        ToolError.Fatal fatal = null;
        for (int i = 0; i < uses.size(); ) {
            Part.ToolUse use = uses.get(i);
            if (fatal != null) {
                steps[i++] = new TurnTools.Step.Answered(error(use, NOT_RUN_AFTER_FATAL));
                continue;
            }
            if (cancelled || turn.isCancelled()) {
                steps[i++] = new TurnTools.Step.Answered(error(use, NOT_RUN_CANCELLED));
                continue;
            }
            int end = i + 1;
            if (threads != null && maxParallel > 1) {
                while (end < uses.size() && tools.parallelSafe(uses.get(end - 1)) && tools.parallelSafe(uses.get(end))) {
                    end++;
                }
            }
            if (end - i > 1) {
                runConcurrently(uses, i, end, steps, turn);
            } else {
                steps[i] = call(use, turn);
            }
            for (int k = i; k < end; k++) {
                switch (steps[k]) {
                    case TurnTools.Step.Answered answered -> { }
                    case TurnTools.Step.Cancelled stopped -> cancelled = true;
                    case TurnTools.Step.Fatal failed -> fatal = fatal == null ? failed.error() : fatal;
                }
            }
            i = end;
        }
        List<Part> results = new ArrayList<>();
        for (TurnTools.Step step : steps) {
            results.add(step.result());
        }
        return new Result(results, cancelled || turn.isCancelled(), fatal);
    }

    /** Runs {@code uses[from, to)} on their own threads and waits for all of them. */
    private void runConcurrently(List<Part.ToolUse> uses, int from, int to, TurnTools.Step[] steps, Cancellation turn) {
        Semaphore slots = new Semaphore(maxParallel);
        // Once a call fails fatally, calls of the batch that have not started yet do not start.
        AtomicBoolean fatal = new AtomicBoolean();
        List<Thread> running = new ArrayList<>();
        for (int k = from; k < to; k++) {
            int index = k;
            Part.ToolUse use = uses.get(k);
            running.add(threads.start("tool-" + index, () -> {
                try {
                    slots.acquire();
                } catch (InterruptedException e) {
                    steps[index] = new TurnTools.Step.Cancelled(error(use, CANCELLED));
                    return;
                }
                try {
                    if (fatal.get()) {
                        steps[index] = new TurnTools.Step.Answered(error(use, NOT_RUN_AFTER_FATAL));
                    } else if (turn.isCancelled()) {
                        steps[index] = new TurnTools.Step.Answered(error(use, NOT_RUN_CANCELLED));
                    } else {
                        steps[index] = call(use, turn);
                        if (steps[index] instanceof TurnTools.Step.Fatal) {
                            fatal.set(true);
                        }
                    }
                } finally {
                    slots.release();
                }
            }));
        }
        for (Thread thread : running) {
            joinUninterruptibly(thread);
        }
        for (int k = from; k < to; k++) {
            if (steps[k] == null) {
                // The session closed before the call's thread could start.
                steps[k] = new TurnTools.Step.Cancelled(error(uses.get(k), CANCELLED));
            }
        }
    }

    /** Every call must be answered before the step's results go back, so the wait outlasts an interrupt. */
    private static void joinUninterruptibly(Thread thread) {
        Uninterruptibly.await(thread::join);
    }

    /** One call, answered whatever escapes the tool machinery. */
    private TurnTools.Step call(Part.ToolUse use, Cancellation turn) {
        try {
            return tools.call(use, turn);
        } catch (CancelledException e) {
            return new TurnTools.Step.Cancelled(error(use, CANCELLED));
        } catch (Throwable e) {
            // Whatever escaped the tool machinery, the call still gets its result and the turn goes on.
            LOG.error("tool call {} failed outside the tool", use.name(), e);
            return new TurnTools.Step.Answered(error(use, "The tool failed unexpectedly."));
        }
    }

    static Part.ToolResult error(Part.ToolUse use, String text) {
        return new Part.ToolResult(use.id(), List.of(new Part.Text(text)), true);
    }
}
