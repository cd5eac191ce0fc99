package dev.tether.model.anthropic;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.model.ContextWindows;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelInfo;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.ProviderSettings;
import dev.tether.model.http.ModelHttp;
import dev.tether.base.sse.SseParser;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.function.Supplier;

/**
 * A streaming client of the Anthropic Messages API ({@code POST {base}/v1/messages}). Sends
 * thinking blocks back with their signatures, marks prompt-cache breakpoints on the last
 * tool, the system prompt and the newest user block, and does not retry (wrap it in
 * {@link dev.tether.model.RetryingProvider}).
 *
 * @see <a href="https://docs.anthropic.com/en/api/messages-streaming">Messages streaming</a>
 */
public final class AnthropicProvider implements ModelProvider {
    /** Made on the first request, not with the provider: a session opens its provider before anyone asks it anything. */
    private final Supplier<HttpClient> client;
    private final ProviderSettings settings;
    private final URI endpoint;

    public AnthropicProvider(ProviderSettings settings, HttpClient client) {
        this(settings, () -> client);
    }

    /** @param client the HTTP client, asked for at the first request */
    public AnthropicProvider(ProviderSettings settings, Supplier<HttpClient> client) {
        this.settings = settings;
        this.client = client;
        this.endpoint = URI.create(settings.anthropicBaseUrl().replaceAll("/+$", "") + "/v1/messages");
    }

    @Override
    public ModelInfo info() {
        return new ModelInfo(ProviderSettings.ANTHROPIC, settings.model(), true, true,
                ContextWindows.of(settings.model(), ContextWindows.ANTHROPIC_FALLBACK));
    }

    @Override
    public ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
        String body = Json.write(AnthropicRequestBody.build(request, settings.model(), settings.maxTokens()));
        HttpRequest.Builder http = HttpRequest.newBuilder(endpoint)
                .timeout(ModelHttp.RESPONSE_HEADERS_TIMEOUT)
                .header("content-type", "application/json")
                .header("accept", "text/event-stream")
                .header("anthropic-version", settings.anthropicVersion())
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (settings.anthropicApiKey() != null) {
            http.header("x-api-key", settings.anthropicApiKey());
        }
        if (settings.anthropicBeta() != null) {
            http.header("anthropic-beta", settings.anthropicBeta());
        }
        return ModelHttp.stream(client.get(), http.build(), cancellation, ProviderSettings.ANTHROPIC, in -> {
            AnthropicStream stream = new AnthropicStream(events);
            SseParser.parse(in, event -> {
                stream.accept(event);
                return true;
            });
            return stream.finish();
        });
    }
}
