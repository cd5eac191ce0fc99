package dev.tether.mcp.auth.api;

import dev.tether.base.net.Network;
import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Every HTTP request of an authorization (metadata, registration, token): HTTPS only (plain HTTP
 * only to a loopback host), no credentials in URLs, no redirects followed, a timeout and a cap on
 * the answer's size.
 */
public final class AuthHttp {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final int MAX_BODY_BYTES = 256 * 1024;
    private static final int MAX_DESCRIPTION = 200;

    /** An answer: status, its JSON body (an empty object when it had none or was not JSON) and its headers. */
    public record Answer(int status, JsonNode body, HttpHeaders headers) {
        Answer(int status, JsonNode body) {
            this(status, body, HttpHeaders.of(Map.of(), (name, value) -> true));
        }

        public boolean ok() {
            return status >= 200 && status < 300;
        }

        /** The first value of the header {@code name}, or null. */
        public String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    private final HttpClient client;

    public AuthHttp(Network network) {
        this.client = network.httpClient()
                .connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Refuses a URL an authorization must not use: not HTTPS (unless loopback), or with user info. */
    public static URI checked(String url, String what) throws AuthException {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new AuthException(what + " is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new AuthException(what + " is not an absolute http(s) URL: " + safe(uri));
        }
        if (uri.getRawUserInfo() != null) {
            throw new AuthException(what + " carries credentials in its URL; refusing it");
        }
        if (scheme.equals("http") && !isLoopback(uri.getHost())) {
            throw new AuthException(what + " uses plain http to a host other than this machine (" + uri.getHost()
                    + "); OAuth needs https");
        }
        return uri;
    }

    static boolean isLoopback(String host) {
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!h.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            return false; // never resolve names here: only literal addresses count
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (IOException e) {
            return false;
        }
    }

    /** The URL without query or fragment, for messages. */
    public static String safe(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    public Answer get(URI uri, String what) throws AuthException {
        return send(HttpRequest.newBuilder(uri).header("Accept", "application/json").GET(), uri, what);
    }

    public Answer postJson(URI uri, JsonNode body, String what) throws AuthException {
        return send(HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body), StandardCharsets.UTF_8)), uri, what);
    }

    public Answer postForm(URI uri, Map<String, String> form, Map<String, String> headers, String what) throws AuthException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(form), StandardCharsets.UTF_8));
        headers.forEach(builder::header);
        return send(builder, uri, what);
    }

    public static String form(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    /** ", error: description" from an OAuth error answer, the description shortened; empty when the body names no error. */
    public static String describe(JsonNode body) {
        String error = body.path("error").asString("");
        if (error.isEmpty()) {
            return "";
        }
        String description = body.path("error_description").asString("");
        if (description.length() > MAX_DESCRIPTION) {
            description = description.substring(0, MAX_DESCRIPTION) + "…";
        }
        return ", " + error + (description.isEmpty() ? "" : ": " + description);
    }

    public static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private Answer send(HttpRequest.Builder builder, URI uri, String what) throws AuthException {
        checked(uri.toString(), what);
        HttpResponse<InputStream> response;
        try {
            response = client.send(builder.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new AuthException(what + " (" + safe(uri) + ") could not be reached: " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AuthException(what + " was interrupted");
        }
        int status = response.statusCode();
        try (InputStream in = response.body()) {
            if (status >= 300 && status < 400) {
                throw new AuthException(what + " (" + safe(uri) + ") answered with a redirect (HTTP " + status
                        + "); authorization requests never follow redirects");
            }
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
            if (bytes.length > MAX_BODY_BYTES) {
                throw new AuthException(what + " (" + safe(uri) + ") answered with more than " + MAX_BODY_BYTES + " bytes");
            }
            JsonNode body;
            try {
                body = bytes.length == 0 ? Json.object() : Json.parse(new String(bytes, StandardCharsets.UTF_8));
            } catch (JacksonException e) {
                body = Json.object();
            }
            return new Answer(status, body.isObject() ? body : Json.object(), response.headers());
        } catch (IOException e) {
            throw new AuthException(what + " (" + safe(uri) + ") broke off: " + e.getClass().getSimpleName());
        }
    }

    public void close() {
        client.shutdownNow();
    }
}
