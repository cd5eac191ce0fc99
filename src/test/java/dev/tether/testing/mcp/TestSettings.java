package dev.tether.testing.mcp;

import dev.tether.mcp.interaction.InteractionSettings;
import dev.tether.mcp.settings.McpConnectionSettings.Healing;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.task.TaskSettings;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Settings the product reads from configuration once, varied the way tests need them: one switch
 * of a server's policy, an injected clock, shorter waits and polling. The product has no setters
 * for these; they are built here through the records' own constructors.
 */
public final class TestSettings {
    private TestSettings() {}

    /** The default policy with the server's own tool annotations trusted. */
    public static McpServerPolicy trustingAnnotations() {
        return policy(true, false, null, false, null);
    }

    /** The default policy with MCP tasks on or off for the server's tools. */
    public static McpServerPolicy withTasks(boolean enabled) {
        return policy(false, enabled, null, false, null);
    }

    /** The default policy with the server's own health check interval (0 = off; null = the runtime's). */
    public static McpServerPolicy withHealthCheckSeconds(Integer seconds) {
        return policy(false, false, seconds, false, null);
    }

    /** The default policy with the server's instructions sent to the model in ACP sessions. */
    public static McpServerPolicy sendingInstructions() {
        return policy(false, false, null, true, null);
    }

    /** The default policy pinned to MCP {@code version} (null: probe). */
    public static McpServerPolicy pinnedTo(String version) {
        return policy(false, false, null, false, version);
    }

    private static McpServerPolicy policy(boolean trust, boolean tasks, Integer healthCheckSeconds, boolean instructions,
                                          String version) {
        McpServerPolicy d = McpServerPolicy.DEFAULT;
        return new McpServerPolicy(d.toolHints(), d.allowTools(), d.denyTools(), d.callTimeouts(), d.exposeRoots(), d.sampling(),
                d.logLevel(), d.oauthClient(), trust, tasks, healthCheckSeconds, instructions, version);
    }

    /** {@code healing} reading {@code nanos} instead of {@link System#nanoTime} for cool-downs and catalog ages. */
    public static Healing withClock(Healing healing, LongSupplier nanos) {
        return new Healing(healing.healthCheck(), healing.pingTimeout(), healing.coolDown(), healing.maxCoolDown(),
                healing.catalogTtl(), nanos);
    }

    /** {@code healing} with another health ping timeout. */
    public static Healing withPingTimeout(Healing healing, Duration timeout) {
        return new Healing(healing.healthCheck(), timeout, healing.coolDown(), healing.maxCoolDown(), healing.catalogTtl(),
                healing.clock());
    }

    /** The default interaction limits with other elicitation waits. */
    public static InteractionSettings elicitationWaits(Duration timeout, Duration urlCompletionWait) {
        InteractionSettings d = InteractionSettings.DEFAULT;
        return new InteractionSettings(timeout, urlCompletionWait, d.urlRetries(), d.maxSamplingTokens(), d.logEntries(),
                d.logEntryBytes(), d.instructionsBytes());
    }

    /** {@code tasks} polling from a lower floor (and default), so a test does not wait five seconds per poll. */
    public static TaskSettings withPolling(TaskSettings tasks, Duration floor, Duration fallback) {
        return new TaskSettings(tasks.foreground(), floor, fallback, tasks.pollCeiling(), tasks.errorBudget(),
                tasks.resultWait(), tasks.closeWait());
    }

    /** {@code tasks} failing a task after continuous polling errors for {@code budget}. */
    public static TaskSettings withErrorBudget(TaskSettings tasks, Duration budget) {
        return new TaskSettings(tasks.foreground(), tasks.pollFloor(), tasks.pollDefault(), tasks.pollCeiling(), budget,
                tasks.resultWait(), tasks.closeWait());
    }
}
