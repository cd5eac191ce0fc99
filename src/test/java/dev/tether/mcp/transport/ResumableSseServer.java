package dev.tether.mcp.transport;

import dev.tether.json.Json;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * A streamable-HTTP MCP server on 127.0.0.1 whose {@code tools/call} answer stream sends a
 * priming event ({@code retry:} and, unless told otherwise, an event id) and closes before the
 * answer. A GET with {@code Last-Event-ID} resumes it as {@link Resume} says. It records every
 * resumption: the {@code Last-Event-ID} it carried and how long after the close it came.
 */
final class ResumableSseServer implements AutoCloseable {
    static final String ANSWER = "resumed answer";

    /** What a GET with {@code Last-Event-ID} gets. */
    enum Resume { ANSWER, REFUSE, CUT_AGAIN }

    record Resumption(String lastEventId, long millisAfterClose) {}

    private final int retryMs;
    private final boolean eventIds;
    private final Resume resume;
    private final WebServer server;
    private final AtomicInteger nextEvent = new AtomicInteger();
    private final List<Resumption> resumptions = new CopyOnWriteArrayList<>();
    private volatile long closedAt;
    private volatile JsonNode pendingId;

    ResumableSseServer(int retryMs, boolean eventIds, Resume resume) {
        this.retryMs = retryMs;
        this.eventIds = eventIds;
        this.resume = resume;
        this.server = WebServer.builder().host("127.0.0.1").port(0)
                .routing(r -> r.post("/mcp", this::post).get("/mcp", this::get).delete("/mcp", (req, res) -> res.send()))
                .build().start();
    }

    String url() {
        return "http://127.0.0.1:" + server.port() + "/mcp";
    }

    List<Resumption> resumptions() {
        return List.copyOf(resumptions);
    }

    private void post(ServerRequest request, ServerResponse response) {
        JsonNode message = Json.parse(request.content().as(String.class));
        String method = message.path("method").asString("");
        response.header("Mcp-Session-Id", "s-1");
        switch (method) {
            case "initialize" -> json(response, message.get("id"), """
                    {"protocolVersion":"2025-03-26","capabilities":{"tools":{}},"serverInfo":{"name":"resumable","version":"1"}}""");
            case "tools/list" -> json(response, message.get("id"), """
                    {"tools":[{"name":"slow","inputSchema":{"type":"object"}}]}""");
            case "tools/call" -> {
                pendingId = message.get("id");
                stream(response, "");
                closedAt = System.nanoTime();
            }
            default -> response.status(202).send();
        }
    }

    private void get(ServerRequest request, ServerResponse response) {
        String lastEventId = request.headers().first(HeaderNames.create("Last-Event-ID")).orElse(null);
        if (lastEventId == null) {
            response.status(405).send();
            return;
        }
        resumptions.add(new Resumption(lastEventId, (System.nanoTime() - closedAt) / 1_000_000));
        switch (resume) {
            case REFUSE -> response.status(405).send();
            case CUT_AGAIN -> {
                stream(response, "");
                closedAt = System.nanoTime();
            }
            case ANSWER -> stream(response, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + Json.write(pendingId)
                    + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + ANSWER + "\"}]}}\n\n");
        }
    }

    /** A priming event, then {@code more}, then the end of the response. */
    private void stream(ServerResponse response, String more) {
        response.status(200).header("Content-Type", "text/event-stream").header("Cache-Control", "no-cache");
        String priming = (eventIds ? "id: e-" + nextEvent.incrementAndGet() + "\n" : "") + "retry: " + retryMs + "\ndata: \n\n";
        try (OutputStream out = response.outputStream()) {
            out.write((priming + more).getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void json(ServerResponse response, JsonNode id, String result) {
        response.header("Content-Type", "application/json")
                .send("{\"jsonrpc\":\"2.0\",\"id\":" + Json.write(id) + ",\"result\":" + result + "}");
    }

    @Override
    public void close() {
        server.stop();
    }
}
