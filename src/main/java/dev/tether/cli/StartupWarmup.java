package dev.tether.cli;

import dev.tether.json.Json;
import dev.tether.json.Trees;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Start-up work off the main thread, while it puts the agent together: what the frames after the
 * first need — the streaming read and write of one ACP frame ({@link Trees}; most of its cost is
 * {@code BigDecimal}'s class initialisation, about 10 ms, which Jackson's parser needs) and the
 * virtual-thread scheduler that runs each request. The first {@code initialize} answer needs
 * neither ({@code acp.FirstInitialize}); {@code session/new}, sent right after it, needs both.
 * The Jackson mappers and the logging set-up, which {@code session/new} does not use but a turn
 * does, are built once its answer is out ({@link #mappersAndLogging}, from {@link SessionWarmup}):
 * built beside it, they took its CPU (docs/reference/performance.md). Whatever is not finished
 * when it is needed is finished by whoever needs it first (class initialisation waits).
 */
final class StartupWarmup {
    private static final String FRAME = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":1,\"clientCapabilities\":{\"fs\":{\"readTextFile\":true},\"terminal\":true},"
            + "\"clientInfo\":{\"name\":\"warm-up\",\"version\":\"0\"}}}";
    private StartupWarmup() {}

    private static final java.util.concurrent.atomic.AtomicBoolean STARTED = new java.util.concurrent.atomic.AtomicBoolean();

    /** Starts the warm-up once per process; later calls do nothing. */
    static void start() {
        if (STARTED.compareAndSet(false, true)) {
            Thread.ofPlatform().daemon().name("tether-warmup").start(StartupWarmup::run);
        }
    }

    private static void run() {
        try {
            byte[] bytes = FRAME.getBytes(StandardCharsets.UTF_8);
            JsonNode frame = Trees.read(bytes, 0, bytes.length, true);
            Trees.write(echo(frame));
            Thread.ofVirtual().start(() -> { }).join();
        } catch (RuntimeException | InterruptedException e) {
            // A warm-up that fails costs nothing but the time it would have saved.
        }
    }

    /**
     * Builds the Jackson mappers and their node (de)serialisers (the largest single cost of a
     * start), and sets slf4j up (provider look-up, configuration): the first logger anywhere does
     * that, and nothing makes one before a session's first turn or MCP launch.
     */
    static void mappersAndLogging() {
        try {
            byte[] bytes = FRAME.getBytes(StandardCharsets.UTF_8);
            Json.write(echo(Json.strictKeys().readTree(bytes, 0, bytes.length)));
            org.slf4j.LoggerFactory.getLogger(StartupWarmup.class);
        } catch (RuntimeException e) {
            // A warm-up that fails costs nothing but the time it would have saved.
        }
    }

    private static ObjectNode echo(JsonNode frame) {
        ObjectNode answer = Trees.object().put("jsonrpc", "2.0");
        answer.set("id", frame.get("id"));
        answer.set("result", frame.path("params"));
        return answer;
    }
}
