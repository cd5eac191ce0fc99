package dev.tether.cli;

import dev.tether.session.servers.McpLauncher;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What the session's first MCP launch and first turn need, readied in the background once the
 * {@code session/new} answer is out (or a second after the {@code initialize} answer): on two
 * cores, running them beside {@code session/new} took its CPU (half the cold {@code session/new}
 * answers took twice as long in the peer bench). First what the session's launch (in the
 * background, see {@code session.servers.SessionServers}) waits for rather than doing itself: the
 * process's hardening (non-dumpable, a foreign call) and the MCP launcher with the MCP runtime's
 * shared parts, then the seeding of the process's {@code SecureRandom}, which the turn's message
 * ids draw from (session ids do not: {@code SessionId.random}). Beside them, on another thread, the
 * Jackson mappers and the logging set-up ({@link StartupWarmup#mappersAndLogging}).
 */
final class SessionWarmup {
    private static final long ANSWER_WAIT_SECONDS = 5;
    private static final long SESSION_WAIT_MILLIS = 1_000;

    private SessionWarmup() {}

    static void start(Supplier<Boolean> hardened, Supplier<McpLauncher> launcher, CountDownLatch answered,
                      CountDownLatch sessionAnswered) {
        afterSessionAnswer("tether-session-warmup", answered, sessionAnswered, () -> {
            try {
                hardened.get();
                launcher.get();
            } catch (RuntimeException e) {
                // The session's MCP launch builds the launcher itself and reports what fails there.
            }
            UUID.randomUUID();
        });
        // On the other core meanwhile: what the first turn needs besides.
        afterSessionAnswer("tether-json-warmup", answered, sessionAnswered, StartupWarmup::mappersAndLogging);
    }

    private static void afterSessionAnswer(String name, CountDownLatch answered, CountDownLatch sessionAnswered, Runnable work) {
        Thread.ofPlatform().daemon().name(name).start(() -> {
            try {
                answered.await(ANSWER_WAIT_SECONDS, TimeUnit.SECONDS);
                sessionAnswered.await(SESSION_WAIT_MILLIS, TimeUnit.MILLISECONDS);
                work.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
