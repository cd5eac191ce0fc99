package dev.tether.http.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.security.SecretCuts;
import dev.tether.security.SecretRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The status page's answers and guards, without a server: host, origin, cookie, ticket, CSRF, cleaning. */
class StatusRoutesTest {
    private static final String ORIGIN = "http://127.0.0.1:4711";
    private static final String HOST = "127.0.0.1:4711";
    private static final String SECRET = "plnt-unit-9Kq2Zr7Xw";

    private final List<String> reconnected = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong();
    private final StatusAccess access = new StatusAccess(Duration.ofMinutes(30), clock::get);
    private final StatusSource source = new StatusSource() {
        @Override
        public List<StatusView.Session> sessions() {
            return List.of(session());
        }

        @Override
        public boolean reconnect(String sessionId, String server) {
            reconnected.add(sessionId + "/" + server);
            return sessionId.equals("s1") && server.equals("srv");
        }
    };
    private final StatusJson json = new StatusJson(SecretCuts.of(SecretRegistry.of(Map.of("ANTHROPIC_API_KEY", SECRET), List.of())));
    private final StatusRoutes routes = new StatusRoutes(source, access,
            () -> new StatusView.Snapshot("Tether test", "2026-12-04T10:00:00Z", source.sessions()), json, ORIGIN, () -> {});

    private static StatusView.Session session() {
        StatusView.Tool tool = new StatusView.Tool("t\u202Eool", "mcp__srv__tool", null,
                "<script>alert(1)</script> key " + SECRET, List.of("read-only"), false);
        StatusView.Server server = new StatusView.Server("srv", "editor", "stdio", "2025-11-25", "ready", null, List.of(),
                "stderr says " + SECRET, new StatusView.Calls(3, 1, 0, 5L, 9L, 9L),
                new StatusView.Catalog(1, "2026-12-04T10:00:00Z", List.of(tool), List.of(), List.of()), List.of());
        return new StatusView.Session("s1", "<b>title</b>", "/work", "ask", "scripted", new StatusView.Context(10L, 100L),
                List.of(server), List.of(), List.of(new StatusView.Decision("2026-12-04T10:00:00Z", "mcp__srv__tool", "allowed", "user")),
                new StatusView.Sandbox("none", "unsandboxed"), List.of());
    }

    private static StatusRoutes.Request get(String path, Map<String, List<String>> query, List<String> cookies) {
        return new StatusRoutes.Request("GET", path, query, HOST, null, null, cookies, null, null, Map.of());
    }

    private static StatusRoutes.Request post(String origin, List<String> cookies, String csrf, Map<String, List<String>> form) {
        return new StatusRoutes.Request("POST", "/api/reconnect", Map.of(), HOST, origin, "same-origin", cookies, csrf,
                "application/json", form);
    }

    private static StatusRoutes.Answer.Page page(StatusRoutes.Answer answer) {
        return assertInstanceOf(StatusRoutes.Answer.Page.class, answer);
    }

    private static String body(StatusRoutes.Answer answer) {
        return new String(page(answer).body(), StandardCharsets.UTF_8);
    }

    /** Redeems a new ticket; returns the cookie header the browser then sends. */
    private String signIn() {
        StatusRoutes.Answer.Page answer = page(routes.answer(get("/", Map.of("ticket", List.of(access.issue())), List.of())));
        assertEquals(303, answer.status());
        String setCookie = answer.headers().get("Set-Cookie");
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    @Test
    void aTicketBuysOneStrictHttpOnlyCookieAndWorksOnce() {
        String ticket = access.issue();
        StatusRoutes.Answer.Page first = page(routes.answer(get("/", Map.of("ticket", List.of(ticket)), List.of())));
        assertEquals(303, first.status());
        assertEquals("/", first.headers().get("Location"));
        String setCookie = first.headers().get("Set-Cookie");
        assertTrue(setCookie.startsWith(StatusAccess.COOKIE + "="), setCookie);
        assertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), setCookie);
        assertFalse(setCookie.contains(ticket), "the cookie is not the ticket");

        assertEquals(403, page(routes.answer(get("/", Map.of("ticket", List.of(ticket)), List.of()))).status(), "used once");
        assertEquals(403, page(routes.answer(get("/", Map.of("ticket", List.of("made-up")), List.of()))).status());
        assertEquals(200, page(routes.answer(get("/", Map.of(), List.of(setCookie.substring(0, setCookie.indexOf(';')))))).status());
    }

    @Test
    void anUnusedTicketLapses() {
        String ticket = access.issue();
        clock.addAndGet(Duration.ofMinutes(31).toNanos());
        assertEquals(403, page(routes.answer(get("/", Map.of("ticket", List.of(ticket)), List.of()))).status());
    }

    @Test
    void aTicketOpenedFromAnotherSiteGetsAPageOfItsOwnThatMovesOn() {
        StatusRoutes.Request request = new StatusRoutes.Request("GET", "/", Map.of("ticket", List.of(access.issue())), HOST, null,
                "cross-site", List.of(), null, null, Map.of());
        StatusRoutes.Answer.Page answer = page(routes.answer(request));
        assertEquals(200, answer.status(), "a cross-site redirect would not send a Strict cookie");
        assertNotNull(answer.headers().get("Set-Cookie"));
        assertTrue(body(answer).contains("url=/"));
    }

    @Test
    void withoutTheCookieNothingIsShown() {
        for (String path : List.of("/", "/api/status", "/events")) {
            StatusRoutes.Answer.Page answer = page(routes.answer(get(path, Map.of(), List.of())));
            assertEquals(401, answer.status(), path);
            assertFalse(body(answer).contains("srv"), path);
        }
        assertEquals(401, page(routes.answer(get("/", Map.of(), List.of(StatusAccess.COOKIE + "=guess")))).status());
        // The page's own files hold no data and are served to anyone who passes the host check.
        assertEquals(200, page(routes.answer(get("/status.js", Map.of(), List.of()))).status());
    }

    @Test
    void aRequestUnderAnotherNameOrFromAnotherOriginIsRefused() {
        String cookie = signIn();
        StatusRoutes.Request rebound = new StatusRoutes.Request("GET", "/api/status", Map.of(), "attacker.example:4711", null, null,
                List.of(cookie), null, null, Map.of());
        assertEquals(421, page(routes.answer(rebound)).status());
        StatusRoutes.Request foreign = new StatusRoutes.Request("GET", "/api/status", Map.of(), HOST, "http://attacker.example", null,
                List.of(cookie), null, null, Map.of());
        assertEquals(403, page(routes.answer(foreign)).status());
        StatusRoutes.Request crossSite = new StatusRoutes.Request("GET", "/api/status", Map.of(), HOST, null, "cross-site",
                List.of(cookie), null, null, Map.of());
        assertEquals(403, page(routes.answer(crossSite)).status());
        StatusRoutes.Answer.Page put = page(routes.answer(new StatusRoutes.Request("PUT", "/api/status", Map.of(), HOST, null, null,
                List.of(cookie), null, null, Map.of())));
        assertEquals(405, put.status());
        for (StatusRoutes.Answer.Page answer : List.of(put, page(routes.answer(get("/api/status", Map.of(), List.of(cookie)))))) {
            assertNull(answer.headers().get("Access-Control-Allow-Origin"), "no CORS, ever");
        }
    }

    @Test
    void theEventStreamNeedsTheCookie() {
        assertInstanceOf(StatusRoutes.Answer.Events.class, routes.answer(get("/events", Map.of(), List.of(signIn()))));
    }

    @Test
    void reconnectNeedsTheCookieThisOriginAndTheCsrfToken() {
        String cookie = signIn();
        String csrf = csrfOf(cookie);
        Map<String, List<String>> form = Map.of("session", List.of("s1"), "server", List.of("srv"));
        assertEquals(403, page(routes.answer(post(null, List.of(cookie), csrf, form))).status(), "no Origin");
        assertEquals(403, page(routes.answer(post("http://attacker.example", List.of(cookie), csrf, form))).status());
        assertEquals(401, page(routes.answer(post(ORIGIN, List.of(), csrf, form))).status(), "no cookie");
        assertEquals(403, page(routes.answer(post(ORIGIN, List.of(cookie), null, form))).status(), "no token");
        assertEquals(403, page(routes.answer(post(ORIGIN, List.of(cookie), csrf + "x", form))).status(), "a wrong token");
        assertEquals(List.of(), reconnected, "nothing was reconnected by a refused request");

        assertEquals(202, page(routes.answer(post(ORIGIN, List.of(cookie), csrf, form))).status());
        assertEquals(List.of("s1/srv"), reconnected);
        Map<String, List<String>> unknown = Map.of("session", List.of("s1"), "server", List.of("other"));
        assertEquals(404, page(routes.answer(post(ORIGIN, List.of(cookie), csrf, unknown))).status());
        // The token may come as a form field (the page without JavaScript).
        Map<String, List<String>> withToken = Map.of("session", List.of("s1"), "server", List.of("srv"), "csrf", List.of(csrf));
        assertEquals(202, page(routes.answer(post(ORIGIN, List.of(cookie), null, withToken))).status());
    }

    @Test
    void everyStringIsMaskedSanitisedAndEscaped() {
        String cookie = signIn();
        String jsonText = body(routes.answer(get("/api/status", Map.of(), List.of(cookie))));
        assertFalse(jsonText.contains(SECRET), jsonText);
        assertFalse(jsonText.contains("\u202E"), "the bidi override is gone");
        JsonNode tree = Json.parse(jsonText);
        assertEquals("srv", tree.path("sessions").path(0).path("servers").path(0).path("name").asString());
        assertTrue(tree.path("sessions").path(0).path("servers").path(0).path("stderr").asString().startsWith("stderr says "));

        String html = body(routes.answer(get("/", Map.of(), List.of(cookie))));
        assertFalse(html.contains(SECRET));
        assertFalse(html.contains("<script>alert"), "the description is not markup");
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assertTrue(html.contains("&lt;b&gt;title&lt;/b&gt;"));
        assertEquals(1, html.split("<script", -1).length - 1, "the one script is the page's own file");
        assertTrue(html.contains("<script src=\"/status.js\" defer></script>"));
    }

    /** The CSRF token the page for {@code cookie} carries. */
    private String csrfOf(String cookie) {
        String html = body(routes.answer(get("/", Map.of(), List.of(cookie))));
        int at = html.indexOf("data-csrf=\"") + "data-csrf=\"".length();
        return html.substring(at, html.indexOf('"', at));
    }
}
