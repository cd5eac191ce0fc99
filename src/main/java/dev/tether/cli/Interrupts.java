package dev.tether.cli;

import dev.tether.cli.exit.ExitCode;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SIGINT for {@code tether exec}: the first runs {@code onFirst} (exec cancels the turn, as an
 * editor's {@code session/cancel} would); the second exits at once with 130, the shutdown hook
 * still ending every MCP server process. {@code sun.misc.Signal} is in {@code jdk.unsupported},
 * which every JDK ships; where it is refused the JVM's default (exit 130) stays.
 */
final class Interrupts {
    private Interrupts() {}

    static void install(Runnable onFirst) {
        AtomicBoolean seen = new AtomicBoolean();
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> {
                if (seen.compareAndSet(false, true)) {
                    Thread.ofPlatform().name("exec-interrupt").start(onFirst);
                } else {
                    Runtime.getRuntime().exit(ExitCode.INTERRUPTED.code());
                }
            });
        } catch (IllegalArgumentException e) {
            // No handler may be installed here: the default handler ends the process with 130.
        }
    }
}
