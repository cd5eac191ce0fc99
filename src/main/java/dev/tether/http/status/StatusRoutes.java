package dev.tether.http.status;

import dev.tether.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the status page answers to each request, with Helidon kept out ({@link StatusHttp} reads
 * the request into a {@link Request} and writes the {@link Answer}). Every request must name this
 * server as its {@code Host} and, when it has an {@code Origin}, come from this server's origin:
 * a page on another site, or a DNS name rebound to 127.0.0.1, gets nothing. Data needs a viewer's
 * cookie; the one action, a reconnect, needs a same-origin {@code POST} with the viewer's CSRF
 * token as well. No answer ever allows another origin (no CORS headers).
 *
 * <pre>
 * GET  /?ticket=…        exchange the link's one-time ticket for the cookie, then 303 to /
 * GET  /                 the page (plain tables; status.js makes it live)
 * GET  /events           the page's markup as server-sent events, pushed when it changes
 * GET  /api/status       the same data as JSON
 * POST /api/reconnect    session, server, csrf: reconnect one server
 * GET  /status.css, /status.js
 * </pre>
 */
final class StatusRoutes {
    /** The longest form body read (a reconnect's three fields). */
    static final int MAX_FORM_BYTES = 4096;

    /** The parts of a request the routes look at. {@code cookies}: every {@code Cookie} header's value. */
    record Request(String method, String path, Map<String, List<String>> query, String host, String origin, String fetchSite,
                   List<String> cookies, String csrfHeader, String accept, Map<String, List<String>> form) {
        String param(String name) {
            List<String> values = query.get(name);
            return values == null || values.size() != 1 ? null : values.getFirst();
        }

        String field(String name) {
            List<String> values = form.get(name);
            return values == null || values.size() != 1 ? null : values.getFirst();
        }
    }

    /** An answer: a complete response, or the event stream of a viewer. */
    sealed interface Answer {
        record Page(int status, String contentType, byte[] body, Map<String, String> headers) implements Answer {}

        record Events(StatusAccess.Viewer viewer) implements Answer {}
    }

    private final StatusSource source;
    private final StatusAccess access;
    private final Supplier<StatusView.Snapshot> snapshot;
    private final StatusJson json;
    private final String origin;
    private final Runnable used;

    /**
     * @param origin   {@code http://127.0.0.1:<port>}, this server's one origin
     * @param snapshot the page's data now (not yet cleaned)
     * @param used     told of every request a viewer makes (the server stops after a while without any)
     */
    StatusRoutes(StatusSource source, StatusAccess access, Supplier<StatusView.Snapshot> snapshot, StatusJson json, String origin,
                 Runnable used) {
        this.source = source;
        this.access = access;
        this.snapshot = snapshot;
        this.json = json;
        this.origin = origin;
        this.used = used;
    }

    Answer answer(Request request) {
        if (!origin.equals("http://" + request.host())) {
            // A page whose name was rebound to 127.0.0.1 reaches this port under its own name.
            return refusal(421, "Wrong address", "This page answers only at " + origin + ".");
        }
        if (request.origin() != null && !origin.equals(request.origin())) {
            return refusal(403, "Refused", "Requests from other sites are refused.");
        }
        if ("cross-site".equals(request.fetchSite()) && !request.path().equals("/")) {
            return refusal(403, "Refused", "Requests from other sites are refused.");
        }
        return switch (request.method()) {
            case "GET" -> get(request);
            case "POST" -> post(request);
            default -> withHeaders(refusal(405, "Not allowed", "Only GET and POST are answered here."), Map.of("Allow", "GET, POST"));
        };
    }

    private Answer get(Request request) {
        switch (request.path()) {
            case "/status.css" -> {
                return asset("status.css", "text/css; charset=utf-8");
            }
            case "/status.js" -> {
                return asset("status.js", "text/javascript; charset=utf-8");
            }
            default -> { }
        }
        if (request.path().equals("/") && request.query().containsKey("ticket")) {
            StatusAccess.Viewer viewer = access.redeem(request.param("ticket"));
            if (viewer == null) {
                return refusal(403, "This link has been used",
                        "Each link from /status opens the page once, in one browser. Run /status in your editor for a new link.");
            }
            used.run();
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Set-Cookie", StatusAccess.COOKIE + "=" + viewer.key() + "; Path=/; HttpOnly; SameSite=Strict");
            if (request.fetchSite() == null || request.fetchSite().equals("none") || request.fetchSite().equals("same-origin")) {
                headers.put("Location", "/");
                return new Answer.Page(303, "text/plain; charset=utf-8", "See /".getBytes(StandardCharsets.UTF_8), headers);
            }
            // Opened from another site: a redirect would still count as that site's, and the browser would
            // hold the SameSite=Strict cookie back; a navigation this page starts is this site's own.
            return new Answer.Page(200, "text/html; charset=utf-8", StatusHtml.forward().getBytes(StandardCharsets.UTF_8), headers);
        }
        StatusAccess.Viewer viewer = access.viewer(request.cookies());
        if (viewer == null) {
            return refusal(401, "Open the link from your editor",
                    "This page shows Tether's sessions to whoever opened the link /status gave them. Run /status in your editor and open the new link.");
        }
        used.run();
        return switch (request.path()) {
            case "/" -> html(200, StatusHtml.page(StatusJson.read(json.clean(snapshot.get())), viewer.csrf()));
            case "/events" -> new Answer.Events(viewer);
            case "/api/status" -> new Answer.Page(200, "application/json", Json.write(json.clean(snapshot.get()))
                    .getBytes(StandardCharsets.UTF_8), Map.of());
            default -> refusal(404, "Nothing here", "This address holds nothing.");
        };
    }

    private Answer post(Request request) {
        if (!request.path().equals("/api/reconnect")) {
            return refusal(404, "Nothing here", "This address holds nothing.");
        }
        // Browsers send Origin with every POST; a request without one is not from this page.
        if (request.origin() == null) {
            return refusal(403, "Refused", "A request without an Origin header is refused.");
        }
        StatusAccess.Viewer viewer = access.viewer(request.cookies());
        if (viewer == null) {
            return refusal(401, "Open the link from your editor", "Run /status in your editor and open the new link.");
        }
        String csrf = request.csrfHeader() != null ? request.csrfHeader() : request.field("csrf");
        if (!StatusAccess.csrfMatches(viewer, csrf)) {
            return refusal(403, "Refused", "The request did not carry this page's token. Reload the page and try again.");
        }
        used.run();
        String session = request.field("session");
        String server = request.field("server");
        boolean started = session != null && server != null && source.reconnect(session, server);
        boolean wantsJson = request.accept() != null && request.accept().contains("application/json");
        if (!started) {
            return wantsJson ? jsonAnswer(404, "no such server to reconnect")
                    : refusal(404, "No such server", "That session or server is gone, or it is not running. Go back and reload.");
        }
        if (wantsJson) {
            return jsonAnswer(202, "reconnecting");
        }
        return new Answer.Page(303, "text/plain; charset=utf-8", "See /".getBytes(StandardCharsets.UTF_8), Map.of("Location", "/"));
    }

    /** The answer before the routes are in place (the port is bound a moment before they are made). */
    static Answer starting() {
        return refusal(503, "Starting", "The status page is starting. Reload in a moment.");
    }

    private static Answer jsonAnswer(int status, String message) {
        String body = Json.write(Json.object().put(status < 300 ? "status" : "error", message));
        return new Answer.Page(status, "application/json", body.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    private static Answer.Page refusal(int status, String title, String text) {
        return html(status, StatusHtml.message(title, text));
    }

    private static Answer.Page html(int status, String page) {
        return new Answer.Page(status, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    private static Answer withHeaders(Answer.Page page, Map<String, String> headers) {
        return new Answer.Page(page.status(), page.contentType(), page.body(), headers);
    }

    private static Answer asset(String name, String type) {
        try (var in = StatusRoutes.class.getResourceAsStream(name)) {
            if (in == null) {
                return refusal(404, "Nothing here", "This address holds nothing.");
            }
            return new Answer.Page(200, type, in.readAllBytes(), Map.of());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
