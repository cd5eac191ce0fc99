package dev.tether.mcp.auth;

import dev.tether.json.Json;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A scriptable OAuth/MCP peer on 127.0.0.1 for auth tests: each {@code "METHOD /path"} answers
 * through a function of the recorded request; unknown paths answer 404. Records every request.
 */
public final class MockAuthServer implements AutoCloseable {
    public record Request(String method, String path, Map<String, String> query, Map<String, String> headers, Map<String, String> form) {}

    public record Reply(int status, Map<String, String> headers, String body) {
        public static Reply json(Object value) {
            return new Reply(200, Map.of("Content-Type", "application/json"), Json.write(value));
        }

        public static Reply status(int status) {
            return new Reply(status, Map.of(), "");
        }
    }

    private final Map<String, Function<Request, Reply>> routes = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final WebServer server;

    public MockAuthServer() {
        server = WebServer.builder().host("127.0.0.1").port(0).routing(r -> r.any(this::handle)).build().start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    public MockAuthServer on(String methodAndPath, Function<Request, Reply> handler) {
        routes.put(methodAndPath, handler);
        return this;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public List<String> paths(String method) {
        return requests.stream().filter(r -> r.method().equals(method)).map(Request::path).toList();
    }

    public List<Request> to(String path) {
        return requests.stream().filter(r -> r.path().equals(path)).toList();
    }

    private void handle(ServerRequest request, ServerResponse response) {
        String method = request.prologue().method().text();
        Map<String, String> headers = new HashMap<>();
        request.headers().forEach(h -> headers.put(h.name().toLowerCase(Locale.ROOT), h.get()));
        String body = request.content().hasEntity() ? request.content().as(String.class) : "";
        String type = headers.getOrDefault("content-type", "");
        Map<String, String> form = type.startsWith("application/x-www-form-urlencoded") ? decode(body) : Map.of();
        Request recorded = new Request(method, request.path().path(), decode(request.query().rawValue()), headers,
                type.startsWith("application/json") ? Map.of("json", body) : form);
        requests.add(recorded);
        Function<Request, Reply> route = routes.get(method + " " + recorded.path());
        Reply reply = route == null ? Reply.status(404) : route.apply(recorded);
        response.status(reply.status());
        reply.headers().forEach(response::header);
        response.send(reply.body());
    }

    public static Map<String, String> decode(String encoded) {
        Map<String, String> out = new LinkedHashMap<>();
        if (encoded == null || encoded.isEmpty()) {
            return out;
        }
        for (String pair : encoded.split("&")) {
            int eq = pair.indexOf('=');
            out.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                    eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    @Override
    public void close() {
        server.stop();
    }
}
