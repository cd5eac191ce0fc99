package dev.tether.cli;

import dev.tether.json.Json;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Work the {@code initialize} answer needs that does not depend on the settings, done on a second
 * thread while the main thread reads them: the Jackson mappers (building them is the largest single
 * cost before the answer), the first tree read of an ACP frame and the first frame written, and
 * the virtual-thread scheduler that runs each request. Whatever is not finished when the first
 * frame arrives is simply finished by whoever needs it first (class initialisation waits).
 */
final class StartupWarmup {
    private static final String FRAME = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":1,\"clientCapabilities\":{\"fs\":{\"readTextFile\":true},\"terminal\":true},"
            + "\"clientInfo\":{\"name\":\"warm-up\",\"version\":\"0\"}}}";

    private StartupWarmup() {}

    static void start() {
        Thread.ofPlatform().daemon().name("tether-warmup").start(StartupWarmup::run);
    }

    private static void run() {
        try {
            byte[] bytes = FRAME.getBytes(StandardCharsets.UTF_8);
            JsonNode frame = Json.STRICT_KEYS.readTree(bytes, 0, bytes.length);
            ObjectNode answer = Json.object().put("jsonrpc", "2.0");
            answer.set("id", frame.get("id"));
            answer.set("result", frame.path("params"));
            Json.write(answer);
            Thread.ofVirtual().start(() -> { }).join();
        } catch (RuntimeException | InterruptedException e) {
            // A warm-up that fails costs nothing but the time it would have saved.
        }
    }
}
