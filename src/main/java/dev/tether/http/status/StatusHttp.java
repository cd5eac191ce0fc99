package dev.tether.http.status;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.sse.SseEvent;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.helidon.webserver.sse.SseSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The Helidon side of the status page, in its own class so that Helidon is loaded only when a
 * status server starts: it reads each request into a {@link StatusRoutes.Request}, writes the
 * answer with the page's security headers, and runs a viewer's event stream on Helidon's SSE sink.
 */
final class StatusHttp {
    /**
     * No script but the page's own file, no style but its own sheet, nothing loaded from elsewhere,
     * no form posting elsewhere, no framing, no {@code <base>}.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private static final HeaderName FETCH_SITE = HeaderNames.create("Sec-Fetch-Site");
    private static final HeaderName CSRF = HeaderNames.create("X-CSRF-Token");

    /** Where a viewer's stream writes. Both throw {@link UncheckedIOException} once the viewer is gone. */
    interface Sink {
        void event(String name, String data);

        void comment(String text);
    }

    private final WebServer web;

    private StatusHttp(WebServer web) {
        this.web = web;
    }

    static StatusHttp start(Function<StatusRoutes.Request, StatusRoutes.Answer> routes, Consumer<Sink> stream) {
        WebServer web = WebServer.builder()
                .host("127.0.0.1")
                .port(0)
                .routing(r -> r.any((req, res) -> answer(routes, stream, req, res)))
                .build()
                .start();
        return new StatusHttp(web);
    }

    int port() {
        return web.port();
    }

    void stop() {
        web.stop();
    }

    private static void answer(Function<StatusRoutes.Request, StatusRoutes.Answer> routes, Consumer<Sink> stream,
                               ServerRequest req, ServerResponse res) {
        secure(res);
        StatusRoutes.Request request;
        try {
            request = read(req);
        } catch (FormTooLarge e) {
            res.status(413);
            res.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
            res.send("The request is too large.".getBytes(StandardCharsets.UTF_8));
            return;
        }
        switch (routes.apply(request)) {
            case StatusRoutes.Answer.Page page -> {
                res.status(page.status());
                res.header(HeaderNames.CONTENT_TYPE, page.contentType());
                page.headers().forEach(res::header);
                res.send(page.body());
            }
            case StatusRoutes.Answer.Events events -> {
                SseSink sink = res.sink(SseSink.TYPE);
                try {
                    stream.accept(new Sink() {
                        @Override
                        public void event(String name, String data) {
                            sink.emit(SseEvent.builder().name(name).data(data).build());
                        }

                        @Override
                        public void comment(String text) {
                            sink.emit(SseEvent.builder().comment(text).build());
                        }
                    });
                } finally {
                    try {
                        sink.close();
                    } catch (RuntimeException e) {
                        // The viewer is gone already.
                    }
                }
            }
        }
    }

    private static void secure(ServerResponse res) {
        res.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        res.header("X-Content-Type-Options", "nosniff");
        res.header("X-Frame-Options", "DENY");
        res.header("Referrer-Policy", "no-referrer");
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        res.header("Cross-Origin-Opener-Policy", "same-origin");
        res.header("Cross-Origin-Resource-Policy", "same-origin");
    }

    private static StatusRoutes.Request read(ServerRequest req) throws FormTooLarge {
        Map<String, List<String>> query = new LinkedHashMap<>();
        for (String name : req.query().names()) {
            query.put(name, req.query().all(name));
        }
        String method = req.prologue().method().text();
        Map<String, List<String>> form = Map.of();
        String type = header(req, HeaderNames.CONTENT_TYPE);
        if (method.equals("POST") && type != null && type.startsWith("application/x-www-form-urlencoded")) {
            form = form(req.content().inputStream());
        }
        return new StatusRoutes.Request(method, req.path().path(), query, header(req, HeaderNames.HOST),
                header(req, HeaderNames.ORIGIN), header(req, FETCH_SITE), req.headers().all(HeaderNames.COOKIE, List::of),
                header(req, CSRF), header(req, HeaderNames.ACCEPT), form);
    }

    private static String header(ServerRequest req, HeaderName name) {
        return req.headers().first(name).orElse(null);
    }

    /** A form body, at most {@link StatusRoutes#MAX_FORM_BYTES}. */
    static Map<String, List<String>> form(InputStream in) throws FormTooLarge {
        byte[] body;
        try {
            body = in.readNBytes(StatusRoutes.MAX_FORM_BYTES + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (body.length > StatusRoutes.MAX_FORM_BYTES) {
            throw new FormTooLarge();
        }
        Map<String, List<String>> fields = new LinkedHashMap<>();
        for (String pair : new String(body, StandardCharsets.UTF_8).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            try {
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                fields.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
            } catch (IllegalArgumentException e) {
                // A malformed escape: the field counts as absent, and the request fails its checks.
            }
        }
        return fields;
    }

    static final class FormTooLarge extends Exception {
        FormTooLarge() {
            super("form too large", null, false, false);
        }
    }
}
