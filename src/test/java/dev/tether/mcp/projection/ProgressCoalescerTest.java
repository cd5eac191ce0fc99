package dev.tether.mcp.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.mcp.api.McpProgress;
import dev.tether.testing.Waits;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** What the editor sees of a burst of progress: the first at once, the latest after the interval, nothing after close. */
class ProgressCoalescerTest {

    @Test
    void aBurstShowsTheFirstAtOnceAndTheLatestWhenTheIntervalEnds() {
        List<Double> sent = new CopyOnWriteArrayList<>();
        try (ProgressCoalescer progress = new ProgressCoalescer(p -> sent.add(p.progress()))) {
            for (int i = 1; i <= 1000; i++) {
                progress.offer(new McpProgress(i, 1000.0, null));
            }
            assertEquals(1.0, sent.getFirst(), "the first goes out at once");
            Waits.eventually(Duration.ofSeconds(5), () -> sent.getLast() == 1000.0, "the held progress is sent after the interval");
            // A thousand offers take far less than the 100 ms interval; a slow machine may let one more through.
            assertEquals(true, sent.size() <= 3, sent.toString());
        }
    }

    @Test
    void closeSendsWhatIsHeldAndThenNothingMore() {
        List<Double> sent = new CopyOnWriteArrayList<>();
        ProgressCoalescer progress = new ProgressCoalescer(p -> sent.add(p.progress()));
        progress.offer(new McpProgress(1, null, null));
        progress.offer(new McpProgress(2, null, null));
        progress.close();
        assertEquals(List.of(1.0, 2.0), sent, "the last progress comes before the call's final update");
        progress.offer(new McpProgress(3, null, null));
        assertEquals(List.of(1.0, 2.0), sent);
    }
}
