package dev.tether.model;

import dev.tether.base.Cancellation;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongUnaryOperator;

/**
 * Retries a provider's retryable failures (rate limits, overload, 5xx, network) with
 * exponential backoff and full jitter, honouring {@code retry-after}. A failure after any
 * event reached {@link ModelEvents} is rethrown: half an answer is already on the user's
 * screen and cannot be taken back. Pauses obey the cancellation.
 */
public final class RetryingProvider implements ModelProvider {
    /** Tries in total, the first included. */
    public static final int MAX_ATTEMPTS = 4;
    public static final Duration BASE_DELAY = Duration.ofSeconds(1);
    public static final Duration MAX_DELAY = Duration.ofSeconds(30);

    private final ModelProvider delegate;
    private final Duration baseDelay;
    private final LongUnaryOperator jitter;

    public RetryingProvider(ModelProvider delegate) {
        this(delegate, BASE_DELAY, bound -> ThreadLocalRandom.current().nextLong(bound / 2, bound + 1));
    }

    /** For tests: a shorter base delay and a fixed jitter ({@code millis -> chosen millis}). */
    RetryingProvider(ModelProvider delegate, Duration baseDelay, LongUnaryOperator jitter) {
        this.delegate = delegate;
        this.baseDelay = baseDelay;
        this.jitter = jitter;
    }

    @Override
    public ModelInfo info() {
        return delegate.info();
    }

    @Override
    public ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
        Watched watched = new Watched(events);
        for (int attempt = 1; ; attempt++) {
            try {
                return delegate.stream(request, watched, cancellation);
            } catch (ModelException e) {
                Duration pause = e.retryable() && !watched.delivered && attempt < MAX_ATTEMPTS
                        ? delay(attempt, e.retryAfter())
                        : null;
                if (pause == null) {
                    throw e;
                }
                cancellation.sleep(pause);
            }
        }
    }

    /** The pause before the next attempt, or null when the server asked for a longer wait than we allow. */
    Duration delay(int attempt, Duration retryAfter) {
        if (retryAfter != null) {
            // Coming back sooner than the server asked only earns another refusal.
            return retryAfter.compareTo(MAX_DELAY) > 0 ? null : retryAfter;
        }
        long exponential = baseDelay.toMillis() << Math.min(attempt - 1, 20);
        long capped = Math.min(exponential, MAX_DELAY.toMillis());
        return Duration.ofMillis(Math.max(0, jitter.applyAsLong(capped)));
    }

    /** Forwards events and remembers whether any got through. */
    private static final class Watched implements ModelEvents {
        private final ModelEvents target;
        boolean delivered;

        Watched(ModelEvents target) {
            this.target = target;
        }

        @Override
        public void onText(String delta) {
            delivered = true;
            target.onText(delta);
        }

        @Override
        public void onThinking(String delta) {
            delivered = true;
            target.onThinking(delta);
        }

        @Override
        public void onToolUse(Part.ToolUse toolUse) {
            delivered = true;
            target.onToolUse(toolUse);
        }

        @Override
        public void onUsage(Usage usage) {
            delivered = true;
            target.onUsage(usage);
        }
    }
}
