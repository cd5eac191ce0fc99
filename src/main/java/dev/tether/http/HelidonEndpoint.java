package dev.tether.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Helidon side of {@link LoopbackRedirect}, in its own class so that Helidon is loaded only
 * when a listener actually starts (never on the ACP {@code initialize} path).
 */
final class HelidonEndpoint {
    private final WebServer web;

    private HelidonEndpoint(WebServer web) {
        this.web = web;
    }

    static HelidonEndpoint start(LoopbackRedirect target) {
        WebServer web = WebServer.builder()
                .host("127.0.0.1")
                .port(0)
                .routing(r -> r.any((req, res) -> answer(target, req, res)))
                .build()
                .start();
        return new HelidonEndpoint(web);
    }

    int port() {
        return web.port();
    }

    void stop() {
        web.stop();
    }

    private static void answer(LoopbackRedirect target, ServerRequest req, ServerResponse res) {
        Map<String, List<String>> query = new LinkedHashMap<>();
        for (String name : req.query().names()) {
            query.put(name, req.query().all(name));
        }
        boolean get = req.prologue().method().equals(Method.GET);
        LoopbackRedirect.Answer answer = target.answer(get, req.path().path(), query);
        res.status(Status.create(answer.status()));
        res.header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8");
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        // The page must not hand the redirect's URL (with its code) to anything it loads or links.
        res.header("Referrer-Policy", "no-referrer");
        res.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
        res.header("X-Content-Type-Options", "nosniff");
        res.send(answer.page().getBytes(StandardCharsets.UTF_8));
        answer.afterSend().run();
    }
}
