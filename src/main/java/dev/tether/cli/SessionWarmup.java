package dev.tether.cli;

import dev.tether.acp.SessionEvents;
import dev.tether.json.Json;
import dev.tether.session.McpLauncher;
import dev.tether.session.SessionOption;
import java.util.List;
import java.util.function.Supplier;

/**
 * What {@code session/new} needs, readied in the background once {@code initialize} is being
 * answered (editors send {@code session/new} right after): the MCP launcher, which makes the
 * process non-dumpable and builds the MCP runtime's shared parts (a {@code session/new} that
 * arrives meanwhile waits for that one build rather than starting its own, so nothing runs before
 * the process is hardened), and the first serialisation of the session's config options.
 */
final class SessionWarmup {
    private SessionWarmup() {}

    static void start(Supplier<McpLauncher> launcher) {
        Thread.ofPlatform().daemon().name("tether-session-warmup").start(() -> {
            try {
                launcher.get();
                Json.tree(SessionEvents.configOptions(List.of(new SessionOption("model", "Model", null, "model", "warm",
                        List.of(new SessionOption.Choice("warm", "warm", null))))));
            } catch (RuntimeException e) {
                // session/new builds the launcher itself and reports what fails there.
            }
        });
    }
}
