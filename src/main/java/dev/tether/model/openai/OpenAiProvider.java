package dev.tether.model.openai;

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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A streaming client of an OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM,
 * llama.cpp, LM Studio, OpenRouter). The base URL may end in {@code /v1} or not; a bearer
 * token is sent only when a key is set. Does not retry.
 *
 * @see <a href="https://platform.openai.com/docs/api-reference/chat">Chat Completions</a>
 */
public final class OpenAiProvider implements ModelProvider {
    /** Made on the first request, not with the provider: a session opens its provider before anyone asks it anything. */
    private final Supplier<HttpClient> client;
    private final ProviderSettings settings;
    private final URI endpoint;
    private final AtomicLong callIds = new AtomicLong();

    public OpenAiProvider(ProviderSettings settings, HttpClient client) {
        this(settings, () -> client);
    }

    /** @param client the HTTP client, asked for at the first request */
    public OpenAiProvider(ProviderSettings settings, Supplier<HttpClient> client) {
        this.settings = settings;
        this.client = client;
        this.endpoint = endpoint(settings.openaiBaseUrl());
    }

    /** {@code base/v1/chat/completions}, whether or not {@code base} already ends in {@code /v1}. */
    static URI endpoint(String baseUrl) {
        String base = baseUrl.replaceAll("/+$", "");
        return URI.create(base.endsWith("/v1") ? base + "/chat/completions" : base + "/v1/chat/completions");
    }

    @Override
    public ModelInfo info() {
        return new ModelInfo(ProviderSettings.OPENAI, settings.model(), true, false,
                ContextWindows.of(settings.model(), ContextWindows.OPENAI_FALLBACK));
    }

    @Override
    public ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
        String body = Json.write(OpenAiRequestBody.build(request, settings.model(), settings.maxTokens(), settings.openaiIncludeUsage()));
        HttpRequest.Builder http = HttpRequest.newBuilder(endpoint)
                .timeout(ModelHttp.RESPONSE_HEADERS_TIMEOUT)
                .header("content-type", "application/json")
                .header("accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (settings.openaiApiKey() != null) {
            http.header("authorization", "Bearer " + settings.openaiApiKey());
        }
        return ModelHttp.stream(client.get(), http.build(), cancellation, ProviderSettings.OPENAI, in -> {
            OpenAiStream stream = new OpenAiStream(events, () -> "call_" + callIds.incrementAndGet());
            SseParser.parse(in, event -> {
                stream.accept(event);
                return true;
            });
            return stream.finish();
        });
    }
}
