package dev.tether.cli;

import dev.tether.base.sse.SseParser;
import dev.tether.json.Json;
import dev.tether.model.ProviderSettings;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * Readies what a session's first turn needs while the user is still typing, started once
 * {@code session/new} (or a restored session) is answered, on a virtual thread: the provider's HTTP client (its selector thread and,
 * for an {@code https} endpoint, the TLS context with its trust store), one pooled connection to
 * that endpoint, and the SSE and JSON reading path. The connection is opened with a {@code HEAD}
 * of the endpoint's root, without a key: no model request, nothing billed. Local {@code http}
 * endpoints get no request at all (a connection there costs nothing to open at the first turn).
 */
final class ProviderWarmup {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String STREAM = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"w\","
            + "\"content\":[],\"usage\":{\"input_tokens\":1}}}\n\ndata: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"w\"}}]}\n\n";

    private ProviderWarmup() {}

    static void start(ProviderSettings settings, Supplier<HttpClient> http) {
        String base = switch (settings.provider()) {
            case ProviderSettings.ANTHROPIC -> settings.anthropicBaseUrl();
            case ProviderSettings.OPENAI -> settings.openaiBaseUrl();
            default -> null;
        };
        if (base == null) {
            return;
        }
        Thread.ofVirtual().name("tether-provider-warmup").start(() -> run(base, http));
    }

    private static void run(String base, Supplier<HttpClient> http) {
        try {
            SseParser.parse(new ByteArrayInputStream(STREAM.getBytes(StandardCharsets.UTF_8)), event -> {
                Json.parse(event.data());
                return true;
            });
            if (base.startsWith("https:")) {
                SSLContext.getDefault();
            }
            HttpClient client = http.get();
            if (base.startsWith("https:")) {
                HttpRequest head = HttpRequest.newBuilder(URI.create(base + "/"))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody()).timeout(TIMEOUT).build();
                client.send(head, HttpResponse.BodyHandlers.discarding());
            }
        } catch (IOException | RuntimeException | java.security.NoSuchAlgorithmException e) {
            // Unreachable now is not unreachable at the first turn, which reports its own failure.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
