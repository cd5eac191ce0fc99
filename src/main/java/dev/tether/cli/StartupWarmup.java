package dev.tether.cli;

import dev.tether.json.Json;
import dev.tether.json.Trees;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Start-up work off the main thread, in two parts. Before the {@code initialize} answer, while the
 * main thread reads the settings: what the answer itself needs — the streaming read and write of
 * one ACP frame ({@link Trees}) and the virtual-thread scheduler that runs each request. After the
 * answer has gone out: the Jackson mappers and their node (de)serialisers, which the frame path
 * does not use but {@code session/new} and everything after it do; building them is the largest
 * single cost of a start, so it must not come before the answer. Whatever is not finished when it
 * is needed is finished by whoever needs it first (class initialisation waits).
 */
final class StartupWarmup {
    private static final String FRAME = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":1,\"clientCapabilities\":{\"fs\":{\"readTextFile\":true},\"terminal\":true},"
            + "\"clientInfo\":{\"name\":\"warm-up\",\"version\":\"0\"}}}";
    /** The mappers are built anyway by the first request that needs them; this only bounds the wait for an answer. */
    private static final long ANSWER_WAIT_SECONDS = 5;

    private StartupWarmup() {}

    /** @param answered counted down when the first frame (the {@code initialize} answer) has been written */
    static void start(CountDownLatch answered) {
        Thread.ofPlatform().daemon().name("tether-warmup").start(() -> run(answered));
    }

    private static void run(CountDownLatch answered) {
        try {
            byte[] bytes = FRAME.getBytes(StandardCharsets.UTF_8);
            JsonNode frame = Trees.read(bytes, 0, bytes.length, true);
            Trees.write(echo(frame));
            Thread.ofVirtual().start(() -> { }).join();
            answered.await(ANSWER_WAIT_SECONDS, TimeUnit.SECONDS);
            Json.write(echo(Json.strictKeys().readTree(bytes, 0, bytes.length)));
        } catch (RuntimeException e) {
            // A warm-up that fails costs nothing but the time it would have saved.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ObjectNode echo(JsonNode frame) {
        ObjectNode answer = Trees.object().put("jsonrpc", "2.0");
        answer.set("id", frame.get("id"));
        answer.set("result", frame.path("params"));
        return answer;
    }
}
