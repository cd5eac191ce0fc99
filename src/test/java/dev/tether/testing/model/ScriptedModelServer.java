package dev.tether.testing.model;

import dev.tether.json.Json;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * A fake model endpoint on Helidon: answers {@code POST /v1/messages} and
 * {@code POST /v1/chat/completions} with queued replies, in order — recorded SSE fixtures
 * from {@code src/test/resources/model/} (optionally served slowly, event by event) or plain
 * HTTP errors — records every request, and checks that every tool call in a request's
 * assistant messages is answered by exactly one tool result.
 */
public final class ScriptedModelServer implements AutoCloseable {

    /** What the server answers to one request. */
    public sealed interface Reply {
        /** A fixture's bytes; with a non-zero gap, one event at a time with a pause between. */
        record Sse(String fixture, Duration gap) implements Reply {}

        record Status(int status, Map<String, String> headers, String body) implements Reply {}
    }

    /** One request as received; header names are lower case. */
    public record Recorded(String path, Map<String, String> headers, JsonNode body) {}

    private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch clientGone = new CountDownLatch(1);
    private final WebServer server;

    private ScriptedModelServer() {
        server = WebServer.builder()
                .host("127.0.0.1")
                .port(0)
                .routing(r -> r.post("/v1/messages", this::handle).post("/v1/chat/completions", this::handle))
                .build()
                .start();
    }

    public static ScriptedModelServer start() {
        return new ScriptedModelServer();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    public ScriptedModelServer sse(String fixture) {
        replies.add(new Reply.Sse(fixture, Duration.ZERO));
        return this;
    }

    public ScriptedModelServer slowSse(String fixture, Duration gap) {
        replies.add(new Reply.Sse(fixture, gap));
        return this;
    }

    public ScriptedModelServer status(int status, Map<String, String> headers, String body) {
        replies.add(new Reply.Status(status, headers, body));
        return this;
    }

    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    public Recorded request(int index) {
        return requests.get(index);
    }

    /** Whether a slowly served stream found its client gone (a write failed) within {@code timeout}. */
    public boolean awaitClientGone(Duration timeout) throws InterruptedException {
        return clientGone.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void handle(ServerRequest request, ServerResponse response) {
        String body = request.content().as(String.class);
        Map<String, String> headers = new HashMap<>();
        request.headers().forEach(h -> headers.put(h.name().toLowerCase(Locale.ROOT), h.get()));
        requests.add(new Recorded(request.path().path(), Map.copyOf(headers), Json.parse(body)));
        Reply reply = replies.poll();
        switch (reply) {
            case null -> {
                response.status(500).header("content-type", "application/json");
                response.send("{\"error\":{\"type\":\"api_error\",\"message\":\"scripted model server: no reply queued\"}}");
            }
            case Reply.Status status -> {
                response.status(status.status());
                status.headers().forEach(response::header);
                response.send(status.body());
            }
            case Reply.Sse sse -> serve(sse, response);
        }
    }

    private void serve(Reply.Sse sse, ServerResponse response) {
        byte[] bytes = fixture(sse.fixture());
        response.status(200).header("content-type", "text/event-stream").header("cache-control", "no-cache");
        if (sse.gap().isZero()) {
            response.send(bytes);
            return;
        }
        try (OutputStream out = response.outputStream()) {
            for (String event : new String(bytes, StandardCharsets.UTF_8).split("(?<=\n\n)")) {
                out.write(event.getBytes(StandardCharsets.UTF_8));
                out.flush();
                Thread.sleep(sse.gap().toMillis());
            }
        } catch (IOException | UncheckedIOException e) {
            clientGone.countDown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // Helidon reports a vanished peer with its own unchecked socket exceptions.
            clientGone.countDown();
        }
    }

    private static byte[] fixture(String name) {
        try (InputStream in = ScriptedModelServer.class.getResourceAsStream("/model/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture model/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Checks every recorded request: each tool call of an assistant message is answered by
     * exactly one tool result right after it (Anthropic: the next user message; OpenAI: the
     * {@code role: tool} messages that follow), and no result answers an unknown call.
     *
     * @throws AssertionError naming the request and the call
     */
    public void assertToolCallsAnswered() {
        for (int i = 0; i < requests.size(); i++) {
            Recorded recorded = requests.get(i);
            List<String> problems = recorded.path().endsWith("/messages")
                    ? anthropicProblems(recorded.body().path("messages"))
                    : openAiProblems(recorded.body().path("messages"));
            if (!problems.isEmpty()) {
                throw new AssertionError("request " + i + " (" + recorded.path() + "): " + String.join("; ", problems));
            }
        }
    }

    private static List<String> anthropicProblems(JsonNode messages) {
        List<String> problems = new ArrayList<>();
        for (int m = 0; m < messages.size(); m++) {
            JsonNode message = messages.get(m);
            if (!"assistant".equals(message.path("role").asString())) {
                continue;
            }
            List<String> calls = new ArrayList<>();
            for (JsonNode block : message.path("content")) {
                if ("tool_use".equals(block.path("type").asString())) {
                    calls.add(block.path("id").asString());
                }
            }
            List<String> results = new ArrayList<>();
            if (m + 1 < messages.size()) {
                for (JsonNode block : messages.get(m + 1).path("content")) {
                    if ("tool_result".equals(block.path("type").asString())) {
                        results.add(block.path("tool_use_id").asString());
                    }
                }
            }
            compare(m, calls, results, problems);
        }
        return problems;
    }

    private static List<String> openAiProblems(JsonNode messages) {
        List<String> problems = new ArrayList<>();
        for (int m = 0; m < messages.size(); m++) {
            JsonNode message = messages.get(m);
            if (!"assistant".equals(message.path("role").asString())) {
                continue;
            }
            List<String> calls = new ArrayList<>();
            for (JsonNode call : message.path("tool_calls")) {
                calls.add(call.path("id").asString());
            }
            List<String> results = new ArrayList<>();
            for (int n = m + 1; n < messages.size() && "tool".equals(messages.get(n).path("role").asString()); n++) {
                results.add(messages.get(n).path("tool_call_id").asString());
            }
            compare(m, calls, results, problems);
        }
        return problems;
    }

    private static void compare(int message, List<String> calls, List<String> results, List<String> problems) {
        for (String call : calls) {
            long answers = results.stream().filter(call::equals).count();
            if (answers != 1) {
                problems.add("tool call " + call + " of message " + message + " has " + answers + " results");
            }
        }
        results.stream().filter(r -> !calls.contains(r))
                .forEach(r -> problems.add("tool result " + r + " after message " + message + " answers no call"));
    }

    @Override
    public void close() {
        server.stop();
    }
}
