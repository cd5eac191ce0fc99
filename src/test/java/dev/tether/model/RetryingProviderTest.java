package dev.tether.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.model.ModelException.Kind;
import dev.tether.testing.Waits;
import dev.tether.testing.model.RecordingEvents;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RetryingProviderTest {
    static final ModelRequest HI = new ModelRequest(null, null, List.of(ModelMessage.user(List.of(new Part.Text("hi")))),
            List.of(), 10, ThinkingLevel.OFF);
    static final ModelResponse OK = new ModelResponse(ModelMessage.assistant(List.of(new Part.Text("ok"))), ModelStopReason.END_TURN, Usage.ZERO);

    /** Fails with the queued exceptions, then answers OK. */
    static final class Flaky implements ModelProvider {
        final Deque<ModelException> failures = new ArrayDeque<>();
        final AtomicInteger calls = new AtomicInteger();
        boolean textFirst;

        @Override
        public ModelInfo info() {
            return new ModelInfo("fake", "fake", false, false, 1);
        }

        @Override
        public ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
            calls.incrementAndGet();
            if (textFirst) {
                events.onText("partial");
            }
            ModelException next = failures.poll();
            if (next != null) {
                throw next;
            }
            return OK;
        }
    }

    @Test
    void retriesRetryableFailuresUpToFourAttempts() {
        Flaky flaky = new Flaky();
        for (int i = 0; i < 5; i++) {
            flaky.failures.add(new ModelException(Kind.OVERLOADED, "overloaded " + i));
        }
        RetryingProvider retrying = new RetryingProvider(flaky, Duration.ofMillis(1), bound -> bound);

        ModelException e = assertThrows(ModelException.class, () -> retrying.stream(HI, new RecordingEvents(), Cancellation.root()));

        assertEquals("overloaded 3", e.getMessage());
        assertEquals(RetryingProvider.MAX_ATTEMPTS, flaky.calls.get());
    }

    @Test
    void succeedsAfterTransientFailuresAndNeverRetriesOthers() throws Exception {
        Flaky flaky = new Flaky();
        flaky.failures.add(new ModelException(Kind.NETWORK, "reset"));
        flaky.failures.add(new ModelException(Kind.SERVER, "500"));
        assertSame(OK, new RetryingProvider(flaky, Duration.ofMillis(1), b -> b).stream(HI, new RecordingEvents(), Cancellation.root()));
        assertEquals(3, flaky.calls.get());

        Flaky auth = new Flaky();
        auth.failures.add(new ModelException(Kind.AUTH, "bad key"));
        assertThrows(ModelException.class, () -> new RetryingProvider(auth).stream(HI, new RecordingEvents(), Cancellation.root()));
        assertEquals(1, auth.calls.get());
    }

    @Test
    void aHalfStreamedAnswerIsNotRetried() {
        Flaky flaky = new Flaky();
        flaky.textFirst = true;
        flaky.failures.add(new ModelException(Kind.OVERLOADED, "overloaded"));

        assertThrows(ModelException.class, () -> new RetryingProvider(flaky).stream(HI, new RecordingEvents(), Cancellation.root()));
        assertEquals(1, flaky.calls.get());
    }

    @Test
    void backoffDoublesFromOneSecondUpToTheCapAndHonoursRetryAfter() {
        RetryingProvider retrying = new RetryingProvider(new Flaky(), RetryingProvider.BASE_DELAY, bound -> bound);

        assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(30)),
                List.of(retrying.delay(1, null), retrying.delay(2, null), retrying.delay(3, null), retrying.delay(9, null)));
        assertEquals(Duration.ofSeconds(7), retrying.delay(1, Duration.ofSeconds(7)));
        assertNull(retrying.delay(1, Duration.ofSeconds(120)), "a wait longer than the cap is not retried");
    }

    @Test
    void cancellationDuringBackoffStopsAtOnce() {
        Flaky flaky = new Flaky();
        flaky.failures.add(new ModelException(Kind.RATE_LIMITED, "429", Duration.ofSeconds(20)));
        Cancellation turn = Cancellation.root();
        Thread.ofVirtual().start(() -> {
            // Should this wait time out, the cancel never comes and the test fails on its own.
            Waits.eventually(Duration.ofSeconds(5), () -> flaky.calls.get() == 1, "the first attempt to fail");
            turn.cancel();
        });

        // A backoff that ran its 20 s would try again, and the second attempt succeeds: no CancelledException then.
        assertThrows(CancelledException.class, () -> new RetryingProvider(flaky).stream(HI, new RecordingEvents(), turn));

        assertEquals(1, flaky.calls.get());
    }
}
