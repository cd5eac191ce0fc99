package dev.tether.testing.acp;

import dev.tether.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An editor for tests, speaking raw ACP lines to an agent: it sends requests, answers the
 * agent's requests with a handler, records every update per session, and validates every
 * frame the agent writes against the ACP schema.
 */
public final class AcpTestClient implements AutoCloseable {
    /** Zed's initialize params (notes/acp.md, "What Zed sends"). */
    public static final String ZED_INITIALIZE = """
            {"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":true,"writeTextFile":true},"terminal":true,
             "auth":{"terminal":true},"session":{"configOptions":{"boolean":{}}},"elicitation":{"form":{},"url":{}},
             "_meta":{"terminal_output":true,"terminal-auth":true}},"clientInfo":{"name":"zed","version":"0.999.0"}}""";

    private final OutputStream toAgent;
    private final AtomicLong ids = new AtomicLong(1);
    private final Map<String, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final Map<String, String> sentMethods = new ConcurrentHashMap<>();
    private final Map<String, List<JsonNode>> updates = new ConcurrentHashMap<>();
    private final List<JsonNode> agentRequests = new CopyOnWriteArrayList<>();
    private final List<JsonNode> cancelRequests = new CopyOnWriteArrayList<>();
    private final List<String> violations = new CopyOnWriteArrayList<>();
    private final List<JsonNode> unmatched = new CopyOnWriteArrayList<>();
    private final Thread reader;
    private volatile Function<JsonNode, JsonNode> handler = AcpTestClient::editor;

    public AcpTestClient(InputStream fromAgent, OutputStream toAgent) {
        this.toAgent = toAgent;
        this.reader = Thread.ofPlatform().daemon().name("acp-test-client").start(() -> readLoop(fromAgent));
    }

    /**
     * A plain editor: fs on the real disk, permission granted once, no terminal. Tests replace
     * it with {@link #onRequest} where they need another answer.
     */
    public static JsonNode editor(JsonNode request) {
        JsonNode params = request.path("params");
        try {
            return switch (request.path("method").asString()) {
                case "fs/read_text_file" -> Json.object().put("content", java.nio.file.Files.readString(java.nio.file.Path.of(params.path("path").asString())));
                case "fs/write_text_file" -> {
                    java.nio.file.Files.writeString(java.nio.file.Path.of(params.path("path").asString()), params.path("content").asString());
                    yield Json.object();
                }
                case "session/request_permission" -> Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow_once\"}}");
                default -> throw new IllegalStateException("not supported by the test editor: " + request.path("method").asString());
            };
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage());
        }
    }

    /** Answers the agent's requests: return the result, or throw to answer an error; null = never answer. */
    public void onRequest(Function<JsonNode, JsonNode> newHandler) {
        this.handler = newHandler;
    }

    private void readLoop(InputStream in) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                JsonNode frame;
                try {
                    frame = Json.parse(line);
                } catch (JacksonException e) {
                    violations.add("not JSON on stdout: " + line);
                    continue;
                }
                String answered = frame.has("method") ? null : sentMethods.remove(frame.path("id").toString());
                violations.addAll(AcpFrameValidator.shared().validate(frame, answered));
                route(frame);
            }
        } catch (IOException ignored) {
            // The agent went away.
        }
        pending.values().forEach(f -> f.completeExceptionally(new IOException("agent closed stdout")));
    }

    private void route(JsonNode frame) {
        String method = frame.path("method").asString(null);
        if (method == null) {
            CompletableFuture<JsonNode> future = pending.remove(frame.path("id").toString());
            if (future == null) {
                unmatched.add(frame);
            } else {
                future.complete(frame);
            }
        } else if (!frame.has("id")) {
            if (method.equals("session/update")) {
                updates.computeIfAbsent(frame.path("params").path("sessionId").asString(), k -> new CopyOnWriteArrayList<>())
                        .add(frame.path("params").path("update"));
            } else if (method.equals("$/cancel_request")) {
                cancelRequests.add(frame.path("params"));
            }
        } else {
            agentRequests.add(frame);
            Thread.ofVirtual().start(() -> answer(frame));
        }
    }

    private void answer(JsonNode request) {
        ObjectNode response = Json.object().put("jsonrpc", "2.0");
        response.set("id", request.get("id"));
        try {
            JsonNode result = handler.apply(request);
            if (result == null) {
                return;
            }
            response.set("result", result);
        } catch (RuntimeException e) {
            response.putObject("error").put("code", -32603).put("message", String.valueOf(e.getMessage()));
        }
        writeLine(Json.write(response));
    }

    /** The response to a request the test writes itself (by raw line) with this string id. */
    public CompletableFuture<JsonNode> expect(String id) {
        CompletableFuture<JsonNode> future = new CompletableFuture<>();
        pending.put("\"" + id + "\"", future);
        return future;
    }

    /** Sends a request and returns the whole response frame. */
    public CompletableFuture<JsonNode> send(String method, Object params) {
        long id = ids.getAndIncrement();
        ObjectNode frame = Json.object().put("jsonrpc", "2.0").put("id", id).put("method", method);
        if (params != null) {
            frame.set("params", params instanceof String s ? Json.parse(s) : Json.tree(params));
        }
        CompletableFuture<JsonNode> future = new CompletableFuture<>();
        pending.put(Long.toString(id), future);
        sentMethods.put(Long.toString(id), method);
        writeLine(Json.write(frame));
        return future;
    }

    /** Sends a request and waits for its result; fails on an error answer. */
    public JsonNode request(String method, Object params) {
        JsonNode response = await(send(method, params));
        if (response.has("error")) {
            throw new AssertionError(method + " failed: " + response.get("error"));
        }
        return response.get("result");
    }

    public void notify(String method, Object params) {
        ObjectNode frame = Json.object().put("jsonrpc", "2.0").put("method", method);
        frame.set("params", params instanceof String s ? Json.parse(s) : Json.tree(params));
        writeLine(Json.write(frame));
    }

    public synchronized void writeLine(String line) {
        try {
            toAgent.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            toAgent.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static JsonNode await(CompletableFuture<JsonNode> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("no answer: " + e, e);
        }
    }

    public JsonNode initialize() {
        return request("initialize", ZED_INITIALIZE);
    }

    public String newSession(String cwd, Object mcpServers) {
        ObjectNode params = Json.object().put("cwd", cwd);
        params.set("mcpServers", mcpServers == null ? Json.array() : Json.tree(mcpServers));
        return request("session/new", params).path("sessionId").asString();
    }

    public CompletableFuture<JsonNode> prompt(String sessionId, String text) {
        ObjectNode params = Json.object().put("sessionId", sessionId);
        params.putArray("prompt").addObject().put("type", "text").put("text", text);
        return send("session/prompt", params);
    }

    public void cancel(String sessionId) {
        notify("session/cancel", Json.object().put("sessionId", sessionId));
    }

    public List<JsonNode> updates(String sessionId) {
        return Collections.unmodifiableList(new ArrayList<>(updates.getOrDefault(sessionId, List.of())));
    }

    public List<JsonNode> updates(String sessionId, String kind) {
        return updates(sessionId).stream().filter(u -> u.path("sessionUpdate").asString().equals(kind)).toList();
    }

    public void clearUpdates(String sessionId) {
        updates.remove(sessionId);
    }

    public List<JsonNode> agentRequests() {
        return List.copyOf(agentRequests);
    }

    public List<JsonNode> cancelRequests() {
        return List.copyOf(cancelRequests);
    }

    public List<String> violations() {
        return List.copyOf(violations);
    }

    @Override
    public void close() {
        try {
            toAgent.close();
        } catch (IOException ignored) {
            // Already closed.
        }
        try {
            reader.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
