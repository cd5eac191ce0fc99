package dev.tether.mcp.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The polling interval honours the server's suggestion within [5 s, 5 min], 30 s without one. */
class TaskSettingsTest {

    @Test
    void theServersPollIntervalIsClampedAndDefaults() {
        TaskSettings settings = TaskSettings.DEFAULT;
        assertEquals(Duration.ofSeconds(30), settings.pollInterval(null), "no suggestion");
        assertEquals(Duration.ofSeconds(30), settings.pollInterval(0L), "a meaningless suggestion");
        assertEquals(Duration.ofSeconds(5), settings.pollInterval(1L), "a server asking for 1 ms gets the floor");
        assertEquals(Duration.ofSeconds(12), settings.pollInterval(12_000L), "a reasonable suggestion is honoured");
        assertEquals(Duration.ofMinutes(5), settings.pollInterval(3_600_000L), "an hour is cut to the ceiling");
        assertEquals(Duration.ofSeconds(180), settings.foreground());
        assertEquals(Duration.ofMinutes(30), settings.errorBudget());
    }
}
