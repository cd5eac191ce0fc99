package dev.tether.model.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.model.ModelException.Kind;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.Part;
import dev.tether.model.RetryingProvider;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.http.ModelHttp;
import dev.tether.testing.model.CancelMidStream;
import dev.tether.testing.model.RecordingEvents;
import dev.tether.testing.model.ScriptedModelServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** HTTP errors, in-stream errors, retries and cancellation against Chat Completions. */
class OpenAiFailuresTest {
    static final ModelRequest HI = new ModelRequest(null, null, List.of(ModelMessage.user(List.of(new Part.Text("hi")))),
            List.of(), 100, ThinkingLevel.OFF);

    private final ScriptedModelServer server = ScriptedModelServer.start();
    private final OpenAiProvider provider =
            new OpenAiProvider(OpenAiToolRoundTripTest.settings(server.baseUrl(), "sk-openai-secret"), ModelHttp.newClient());

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void unauthorizedIsAuthWithoutEchoingTheKey() {
        server.status(401, Map.of("content-type", "application/json"),
                "{\"error\":{\"message\":\"Incorrect API key provided: sk-op***cret.\",\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}}");

        ModelException e = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));

        assertEquals(Kind.AUTH, e.kind());
        assertEquals("openai: HTTP 401 invalid_request_error: Incorrect API key provided: sk-op***cret.", e.getMessage());
    }

    @Test
    void plainTextErrorBodyIsShownShort() {
        server.status(502, Map.of("content-type", "text/plain"), "upstream model crashed\n");

        ModelException e = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));

        assertEquals(Kind.SERVER, e.kind());
        assertEquals("openai: HTTP 502: upstream model crashed", e.getMessage());
    }

    @Test
    void errorObjectInADataLineFailsTheStream() {
        server.sse("openai-error.sse");
        RecordingEvents events = new RecordingEvents();

        ModelException e = assertThrows(ModelException.class, () -> provider.stream(HI, events, Cancellation.root()));

        assertEquals(Kind.SERVER, e.kind());
        assertEquals("openai: server_error: The server had an error while processing your request.", e.getMessage());
        assertEquals(List.of("text:Half"), events.log());
    }

    @Test
    void rateLimitIsRetriedAndCountsAttempts() throws Exception {
        server.status(429, Map.of("retry-after-ms", "300"), "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}");
        server.status(429, Map.of("retry-after", "0"), "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}");
        server.sse("openai-final.sse");

        ModelResponse response = new RetryingProvider(provider).stream(HI, new RecordingEvents(), Cancellation.root());

        assertEquals(List.of(new Part.Text("There are two files.")), response.message().parts());
        assertEquals(3, server.requests().size());
    }

    @Test
    void cancellationMidStreamClosesTheConnectionAndThrowsCancelled() throws Exception {
        server.slowSse("openai-slow.sse", Duration.ofMillis(100));
        CancelMidStream.Outcome outcome = CancelMidStream.run(provider, HI);

        assertTrue(outcome.thrown() instanceof CancelledException, "threw " + outcome.thrown());
        assertTrue(server.awaitClientGone(Duration.ofSeconds(3)), "the server kept a live connection");
    }

    @Test
    void cancelledBeforeTheServerAnswersAbortsTheRequest() throws Exception {
        Cancellation turn = Cancellation.root();
        turn.cancel();

        assertThrows(CancelledException.class, () -> provider.stream(HI, new RecordingEvents(), turn));
        assertEquals(0, server.requests().size());
    }
}
