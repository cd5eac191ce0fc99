package dev.tether.mcp.task;

import java.time.Duration;

/**
 * Time limits of MCP tasks in one session.
 *
 * @param foreground  how long a call waits for its task before the task goes to the background
 *                    ({@code mcp.taskForegroundSeconds})
 * @param pollFloor   the shortest polling interval, whatever the server suggests (tests lower it; no config key)
 * @param pollDefault the interval when the server suggests none
 * @param pollCeiling the longest polling interval
 * @param errorBudget continuous polling errors for this long fail the task
 * @param resultWait  the longest wait for one {@code tasks/result} (it blocks on the server while input is needed)
 * @param closeWait   how long closing the session waits for its {@code tasks/cancel} requests
 */
public record TaskSettings(Duration foreground, Duration pollFloor, Duration pollDefault, Duration pollCeiling,
                           Duration errorBudget, Duration resultWait, Duration closeWait) {
    public static final Duration DEFAULT_FOREGROUND = Duration.ofSeconds(180);
    public static final TaskSettings DEFAULT = new TaskSettings(DEFAULT_FOREGROUND, Duration.ofSeconds(5), Duration.ofSeconds(30),
            Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofSeconds(2));

    /** The wait before the next {@code tasks/get}: the server's suggestion within [floor, ceiling], else the default. */
    public Duration pollInterval(Long suggestedMs) {
        if (suggestedMs == null || suggestedMs <= 0) {
            return clamp(pollDefault);
        }
        return clamp(Duration.ofMillis(suggestedMs));
    }

    private Duration clamp(Duration d) {
        return d.compareTo(pollFloor) < 0 ? pollFloor : d.compareTo(pollCeiling) > 0 ? pollCeiling : d;
    }

    public TaskSettings withForeground(Duration wait) {
        return new TaskSettings(wait, pollFloor, pollDefault, pollCeiling, errorBudget, resultWait, closeWait);
    }
}
