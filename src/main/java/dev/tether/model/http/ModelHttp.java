package dev.tether.model.http;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.base.net.Network;
import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ModelException.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP edge shared by the streaming model clients: sends a request so that cancellation
 * aborts it at once, and maps every failure (status, error body, I/O) to one
 * {@link ModelException} — the single place where provider errors become ours.
 */
public final class ModelHttp {
    /** Time allowed for a TCP/TLS connection to a model endpoint. */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** Time allowed until the response headers arrive (the stream itself may run longer). */
    public static final Duration RESPONSE_HEADERS_TIMEOUT = Duration.ofSeconds(90);

    private static final int MAX_ERROR_BODY_BYTES = 16 * 1024;
    private static final int MAX_MESSAGE_CHARS = 300;

    private ModelHttp() {}

    /** The client Tether uses for model endpoints; redirects are never followed. */
    public static HttpClient newClient() {
        return newClient(Network.DIRECT);
    }

    /** As {@link #newClient()}, through {@code network}'s proxies and trust. */
    public static HttpClient newClient(Network network) {
        return network.httpClient()
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                // HTTP/1.1 so that closing a cancelled stream closes its connection, and no
                // h2c upgrade is attempted against local servers.
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** A consumer of a successful response stream. */
    @FunctionalInterface
    public interface StreamReader<T> {
        T read(InputStream body) throws IOException, ModelException;
    }

    /**
     * Sends {@code request}, fails on a non-2xx status, and reads the streamed body with
     * {@code reader}. Cancellation aborts the exchange or closes the body at once; this
     * method then throws {@link CancelledException}.
     */
    public static <T> T stream(HttpClient client, HttpRequest request, Cancellation cancellation, String provider,
            StreamReader<T> reader) throws ModelException {
        cancellation.throwIfCancelled();
        HttpResponse<InputStream> response = send(client, request, cancellation, provider);
        InputStream body = response.body();
        try (Cancellation.Registration closer = cancellation.onCancel(() -> closeQuietly(body))) {
            if (response.statusCode() / 100 != 2) {
                throw failure(provider, response.statusCode(), response.headers(), readBounded(body));
            }
            T result = reader.read(body);
            cancellation.throwIfCancelled();
            return result;
        } catch (IOException e) {
            cancellation.throwIfCancelled();
            throw new ModelException(Kind.NETWORK, provider + ": the response stream broke: " + describe(e));
        } finally {
            closeQuietly(body);
        }
    }

    private static HttpResponse<InputStream> send(HttpClient client, HttpRequest request, Cancellation cancellation,
            String provider) throws ModelException {
        CompletableFuture<HttpResponse<InputStream>> pending =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        try (Cancellation.Registration aborter = cancellation.onCancel(() -> pending.cancel(true))) {
            return pending.get();
        } catch (CancellationException e) {
            throw new CancelledException();
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } catch (ExecutionException e) {
            cancellation.throwIfCancelled();
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new ModelException(Kind.NETWORK, provider + ": cannot reach " + request.uri().getScheme() + "://"
                    + request.uri().getAuthority() + ": " + describe(cause));
        } finally {
            // A response that raced with cancellation must not leak its connection.
            if (cancellation.isCancelled() && pending.isDone() && !pending.isCompletedExceptionally()) {
                closeQuietly(pending.resultNow().body());
            }
        }
    }

    /** Maps an HTTP error status and its (bounded) body to a readable exception. */
    public static ModelException failure(String provider, int status, HttpHeaders headers, String body) {
        JsonNode error = errorObject(body);
        String type = error == null ? "" : text(error, "type", text(error, "code", ""));
        String detail = error == null ? "" : text(error, "message", "");
        Kind kind = kindForStatus(status);
        if ("overloaded_error".equals(type)) {
            kind = Kind.OVERLOADED;
        }
        StringBuilder message = new StringBuilder(provider).append(": HTTP ").append(status);
        if (!type.isEmpty()) {
            message.append(' ').append(type);
        }
        if (!detail.isEmpty()) {
            message.append(": ").append(detail);
        } else if (error == null && !body.isBlank() && !body.stripLeading().startsWith("<")) {
            message.append(": ").append(body.strip());
        }
        return new ModelException(kind, shorten(message.toString()), retryAfter(headers));
    }

    /** The kind of failure an HTTP error status means. */
    public static Kind kindForStatus(int status) {
        return switch (status) {
            case 401, 403 -> Kind.AUTH;
            case 429 -> Kind.RATE_LIMITED;
            case 529 -> Kind.OVERLOADED;
            case 408 -> Kind.NETWORK;
            default -> status >= 500 ? Kind.SERVER : Kind.BAD_REQUEST;
        };
    }

    /** Maps an error object sent inside a stream ({@code {type, message}} or {@code {code, message}}). */
    public static ModelException streamError(String provider, JsonNode error) {
        String type = text(error, "type", text(error, "code", "error"));
        String message = text(error, "message", "the stream reported an error");
        Kind kind = switch (type) {
            case "overloaded_error" -> Kind.OVERLOADED;
            case "rate_limit_error", "rate_limit_exceeded" -> Kind.RATE_LIMITED;
            case "api_error", "server_error", "internal_error" -> Kind.SERVER;
            case "authentication_error", "permission_error", "invalid_api_key" -> Kind.AUTH;
            case "invalid_request_error", "request_too_large", "not_found_error" -> Kind.BAD_REQUEST;
            default -> Kind.SERVER;
        };
        return new ModelException(kind, shorten(provider + ": " + type + ": " + message));
    }

    /** {@code retry-after-ms}, {@code retry-after} in seconds or as an HTTP date; null when absent. */
    static Duration retryAfter(HttpHeaders headers) {
        var millis = headers.firstValue("retry-after-ms");
        if (millis.isPresent()) {
            try {
                return Duration.ofMillis(Math.max(0, (long) Double.parseDouble(millis.get().strip())));
            } catch (NumberFormatException ignored) {
                // fall through to retry-after
            }
        }
        var value = headers.firstValue("retry-after").map(String::strip).orElse(null);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return Duration.ofMillis(Math.max(0, (long) (Double.parseDouble(value) * 1000)));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime when = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration left = Duration.between(ZonedDateTime.now(when.getZone()), when);
                return left.isNegative() ? Duration.ZERO : left;
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }

    private static JsonNode errorObject(String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        try {
            JsonNode root = Json.parse(body);
            JsonNode error = root.path("error");
            if (error.isObject()) {
                return error;
            }
            if (error.isString()) {
                return Json.object().put("message", error.asString());
            }
            return root.isObject() && root.has("message") ? root : null;
        } catch (JacksonException notJson) {
            return null;
        }
    }

    private static String readBounded(InputStream body) throws IOException {
        byte[] bytes = body.readNBytes(MAX_ERROR_BODY_BYTES);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String text(JsonNode node, String field, String fallback) {
        JsonNode value = node.path(field);
        return value.isString() || value.isNumber() ? value.asString() : fallback;
    }

    /** Caps a message and keeps it on one line. */
    public static String shorten(String message) {
        String oneLine = message.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= MAX_MESSAGE_CHARS ? oneLine : oneLine.substring(0, MAX_MESSAGE_CHARS - 1) + "…";
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : shorten(message);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // closing is best effort; the connection is discarded either way
        }
    }
}
