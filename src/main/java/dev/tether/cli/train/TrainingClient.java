package dev.tether.cli.train;

import dev.tether.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The editor's side of the training run: sends ACP requests to an in-process agent as JSON
 * lines, and answers what the agent asks of an editor (reads a file for {@code fs/read_text_file},
 * allows once on {@code session/request_permission}) the way Zed does.
 */
final class TrainingClient implements AutoCloseable {
    private static final long TIMEOUT_SECONDS = 60;

    private final OutputStream toAgent;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Thread reader;
    private volatile String lastToolStatus = "";

    TrainingClient(InputStream fromAgent, OutputStream toAgent) {
        this.toAgent = toAgent;
        this.reader = Thread.ofPlatform().daemon().name("training-client").start(() -> read(fromAgent));
    }

    /** Sends a request and waits for its result. @throws IllegalStateException on an error answer */
    JsonNode call(String method, ObjectNode params) {
        long id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode frame = Json.object().put("jsonrpc", "2.0").put("id", id).put("method", method);
        frame.set("params", params);
        send(frame);
        JsonNode response;
        try {
            response = answer.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(method + ": no answer (" + e + ")", e);
        }
        if (response.has("error")) {
            throw new IllegalStateException(method + " failed: " + Json.write(response.get("error")));
        }
        return response.path("result");
    }

    /** Sends a request without waiting; the returned future completes with its result. */
    CompletableFuture<JsonNode> start(String method, ObjectNode params) {
        return CompletableFuture.supplyAsync(() -> call(method, params), r -> Thread.ofVirtual().start(r));
    }

    /** The status of the last tool call the agent reported finished ({@code completed}, {@code failed}), then forgets it. */
    String takeToolStatus() {
        String status = lastToolStatus;
        lastToolStatus = "";
        return status;
    }

    void notify(String method, ObjectNode params) {
        ObjectNode frame = Json.object().put("jsonrpc", "2.0").put("method", method);
        frame.set("params", params);
        send(frame);
    }

    private synchronized void send(JsonNode frame) {
        try {
            toAgent.write((Json.write(frame) + "\n").getBytes(StandardCharsets.UTF_8));
            toAgent.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void read(InputStream fromAgent) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(fromAgent, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                JsonNode frame = Json.parse(line);
                if (frame.has("method") && frame.has("id")) {
                    answer(frame);
                } else if (frame.has("method")) {
                    JsonNode update = frame.path("params").path("update");
                    if ("tool_call_update".equals(update.path("sessionUpdate").asString()) && update.has("status")) {
                        lastToolStatus = update.path("status").asString();
                    }
                } else if (frame.has("id") && !frame.has("method")) {
                    CompletableFuture<JsonNode> waiter = pending.remove(frame.get("id").asLong());
                    if (waiter != null) {
                        waiter.complete(frame);
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // The agent closed its side: the calls still waiting fail on their timeout or below.
        }
        pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException("the agent closed its output")));
    }

    private void answer(JsonNode request) {
        ObjectNode reply = Json.object().put("jsonrpc", "2.0");
        reply.set("id", request.get("id"));
        JsonNode params = request.path("params");
        switch (request.path("method").asString()) {
            case "fs/read_text_file" -> {
                try {
                    reply.set("result", Json.object().put("content", Files.readString(Path.of(params.path("path").asString()))));
                } catch (IOException e) {
                    reply.set("error", Json.object().put("code", -32002).put("message", "not found"));
                }
            }
            case "session/request_permission" -> {
                String option = "allow";
                for (JsonNode candidate : params.path("options")) {
                    if ("allow_once".equals(candidate.path("kind").asString())) {
                        option = candidate.path("optionId").asString();
                    }
                }
                reply.set("result", Json.object().set("outcome", Json.object().put("outcome", "selected").put("optionId", option)));
            }
            default -> reply.set("error", Json.object().put("code", -32601).put("message", "Method not found"));
        }
        send(reply);
    }

    @Override
    public void close() throws IOException {
        toAgent.close();
        try {
            reader.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
