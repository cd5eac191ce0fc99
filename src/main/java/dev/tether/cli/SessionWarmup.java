package dev.tether.cli;

import dev.tether.acp.SessionEvents;
import dev.tether.json.Json;
import dev.tether.session.McpLauncher;
import dev.tether.session.SessionOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What {@code session/new} needs, readied in the background once the {@code initialize} answer
 * has gone out (editors send {@code session/new} right after; starting sooner would take the CPU
 * from that answer): the MCP launcher, which makes the
 * process non-dumpable and builds the MCP runtime's shared parts (a {@code session/new} that
 * arrives meanwhile waits for that one build rather than starting its own, so nothing runs before
 * the process is hardened), and the first serialisation of the session's config options.
 */
final class SessionWarmup {
    private static final long ANSWER_WAIT_SECONDS = 5;

    private SessionWarmup() {}

    static void start(Supplier<McpLauncher> launcher, CountDownLatch answered) {
        Thread.ofPlatform().daemon().name("tether-session-warmup").start(() -> {
            try {
                answered.await(ANSWER_WAIT_SECONDS, TimeUnit.SECONDS);
                launcher.get();
                Json.tree(SessionEvents.configOptions(List.of(new SessionOption("model", "Model", null, "model", "warm",
                        List.of(new SessionOption.Choice("warm", "warm", null))))));
            } catch (RuntimeException e) {
                // session/new builds the launcher itself and reports what fails there.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
