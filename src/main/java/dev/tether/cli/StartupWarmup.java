package dev.tether.cli;

import dev.tether.json.Json;
import dev.tether.json.Trees;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Start-up work off the main thread, while it reads the settings: first what the {@code initialize}
 * answer needs — the streaming read and write of one ACP frame ({@link Trees}; most of its cost is
 * {@code BigDecimal}'s class initialisation, about 8 ms, which Jackson's parser needs) and the
 * virtual-thread scheduler that runs each request — then the Jackson mappers and their node
 * (de)serialisers, which no frame needs but {@code session/new} and everything after it do. The
 * answer never waits for the mappers (building the first is the largest single cost of a start);
 * building them from the start rather than after the answer keeps them off {@code session/new}'s
 * path too, which measured twice as slow when they were left until after the answer
 * (docs/reference/performance.md). Whatever is not finished when it is needed is finished by
 * whoever needs it first (class initialisation waits).
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
            Json.write(echo(Json.strictKeys().readTree(bytes, 0, bytes.length)));
            // slf4j's set-up (provider look-up, configuration; tens of milliseconds) happens on the
            // first logger anywhere. Nothing before the initialize answer makes one (the settings'
            // and the editor client's loggers are made on first use); session/new does.
            org.slf4j.LoggerFactory.getLogger(StartupWarmup.class);
        } catch (RuntimeException | InterruptedException e) {
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
