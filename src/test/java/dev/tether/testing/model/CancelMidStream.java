package dev.tether.testing.model;

import dev.tether.base.Cancellation;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Streams a request, cancels the turn as soon as the first event arrived, and reports what the
 * stream threw. A stream that does not stop fails the wait for it; callers make the stream's own
 * end far later than that wait (how soon a stream stops is not a test's business: scripts/bench).
 */
public final class CancelMidStream {
    /** What {@code stream} threw (null if it returned) and the events seen. */
    public record Outcome(Throwable thrown, RecordingEvents events) {}

    private CancelMidStream() {}

    public static Outcome run(ModelProvider provider, ModelRequest request) throws Exception {
        Cancellation turn = Cancellation.root();
        CountDownLatch first = new CountDownLatch(1);
        RecordingEvents events = new RecordingEvents(line -> first.countDown());
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                provider.stream(request, events, turn);
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        if (!first.await(5, TimeUnit.SECONDS)) {
            throw new AssertionError("no event within 5 s");
        }
        turn.cancel();
        Throwable thrown = outcome.get(30, TimeUnit.SECONDS);
        return new Outcome(thrown, events);
    }
}
