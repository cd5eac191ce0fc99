package dev.tether.cli;

import dev.tether.session.McpLauncher;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What {@code session/new} and the session's first MCP launch need, readied in the background
 * once the {@code initialize} answer has gone out (editors send {@code session/new} right after;
 * starting sooner would take the CPU from that answer). First what the {@code session/new} answer
 * itself uses: the seeding of the process's {@code SecureRandom} that the first session id draws
 * from (tens of milliseconds on a loaded machine). Then, once the {@code session/new} answer is out (or after a second), what the
 * session's launch (in the background, see {@code session.LaunchedServers}) waits for rather than
 * doing itself: the process's hardening (non-dumpable, a foreign call) and the MCP launcher with
 * the MCP runtime's shared parts.
 */
final class SessionWarmup {
    private static final long ANSWER_WAIT_SECONDS = 5;
    private static final long SESSION_WAIT_MILLIS = 1_000;

    private SessionWarmup() {}

    static void start(Supplier<Boolean> hardened, Supplier<McpLauncher> launcher, CountDownLatch answered,
                      CountDownLatch sessionAnswered) {
        Thread.ofPlatform().daemon().name("tether-session-warmup").start(() -> {
            try {
                answered.await(ANSWER_WAIT_SECONDS, TimeUnit.SECONDS);
                // What the session/new answer itself uses first.
                UUID.randomUUID();
                // Then, once that answer is out (or after a short wait), what the session's launch
                // needs: on two cores, running them beside session/new took its CPU (half the cold
                // session/new answers took twice as long in the peer bench).
                sessionAnswered.await(SESSION_WAIT_MILLIS, TimeUnit.MILLISECONDS);
                hardened.get();
                launcher.get();
            } catch (RuntimeException e) {
                // The session's MCP launch builds the launcher itself and reports what fails there.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
