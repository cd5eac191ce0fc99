package dev.tether.model.anthropic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** HTTP errors, stream errors, retries and cancellation against the Messages endpoint. */
class AnthropicFailuresTest {
    static final ModelRequest HI = new ModelRequest(null, null, List.of(ModelMessage.user(List.of(new Part.Text("hi")))),
            List.of(), 100, ThinkingLevel.OFF);

    private final ScriptedModelServer server = ScriptedModelServer.start();
    private final AnthropicProvider provider =
            new AnthropicProvider(AnthropicToolRoundTripTest.settings(server.baseUrl()), ModelHttp.newClient());

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest(name = "HTTP {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "401|AUTH|authentication_error|invalid x-api-key",
            "403|AUTH|permission_error|no access to this model",
            "429|RATE_LIMITED|rate_limit_error|slow down",
            "529|OVERLOADED|overloaded_error|Overloaded",
            "500|SERVER|api_error|Internal server error",
            "503|OVERLOADED|overloaded_error|Overloaded",
            "400|BAD_REQUEST|invalid_request_error|max_tokens: must be positive",
            "404|BAD_REQUEST|not_found_error|model: claude-nope"})
    void httpErrorsMapToKindsWithTheServersMessage(int status, Kind kind, String type, String message) {
        server.status(status, Map.of("content-type", "application/json", "request-id", "req_123"),
                "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":\"" + message + "\"}}");

        ModelException e = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));

        assertEquals(kind, e.kind());
        assertEquals("anthropic: HTTP " + status + " " + type + ": " + message, e.getMessage());
        assertFalse(e.getMessage().contains("sk-ant-secret"));
    }

    @Test
    void errorEventMidStreamFailsAndIsNotRetriedOnceTextWasShown() {
        server.sse("anthropic-mid-error.sse").sse("anthropic-final.sse");
        RecordingEvents events = new RecordingEvents();

        ModelException e = assertThrows(ModelException.class,
                () -> new RetryingProvider(provider).stream(HI, events, Cancellation.root()));

        assertEquals(Kind.OVERLOADED, e.kind());
        assertEquals("anthropic: overloaded_error: Overloaded", e.getMessage());
        assertEquals(List.of("text:Half an"), events.log());
        assertEquals(1, server.requests().size());
    }

    @Test
    void rateLimitIsRetriedAfterTheServersRetryAfter() throws Exception {
        server.status(429, Map.of("retry-after", "1", "content-type", "application/json"),
                "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}");
        server.sse("anthropic-final.sse");
        RecordingEvents events = new RecordingEvents();

        long start = System.nanoTime();
        ModelResponse response = new RetryingProvider(provider).stream(HI, events, Cancellation.root());
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;

        assertEquals(List.of(new Part.Text("There are two files.")), response.message().parts());
        assertEquals(2, server.requests().size());
        assertEquals(server.request(0).body(), server.request(1).body());
        assertTrue(waitedMillis >= 950, "waited only " + waitedMillis + " ms");
    }

    @Test
    void cancellationMidStreamClosesTheConnectionAndThrowsCancelled() throws Exception {
        server.slowSse("anthropic-slow.sse", Duration.ofMillis(100));
        CancelMidStream.Outcome outcome = CancelMidStream.run(provider, HI);

        assertTrue(outcome.thrown() instanceof CancelledException, "threw " + outcome.thrown());
        assertTrue(server.awaitClientGone(Duration.ofSeconds(3)), "the server kept a live connection");
        assertTrue(outcome.events().log().size() < 10, "kept streaming: " + outcome.events().log());
    }
}
