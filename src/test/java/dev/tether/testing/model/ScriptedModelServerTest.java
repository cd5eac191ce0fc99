package dev.tether.testing.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The tool-call invariant check must catch a missing or duplicated result, or it proves nothing. */
class ScriptedModelServerTest {

    @Test
    void invariantCatchesUnansweredAndDoubleAnsweredCalls() throws Exception {
        try (ScriptedModelServer server = ScriptedModelServer.start(); HttpClient client = HttpClient.newHttpClient()) {
            server.sse("anthropic-final.sse").sse("openai-final.sse");
            post(client, server.baseUrl() + "/v1/messages", """
                    {"messages":[{"role":"user","content":[{"type":"text","text":"hi"}]},
                      {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"a","input":{}}]},
                      {"role":"user","content":[{"type":"text","text":"no result"}]}]}""");
            AssertionError anthropic = assertThrows(AssertionError.class, server::assertToolCallsAnswered);
            assertEquals("request 0 (/v1/messages): tool call t1 of message 1 has 0 results", anthropic.getMessage());

            post(client, server.baseUrl() + "/v1/chat/completions", """
                    {"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"a","arguments":"{}"}}]},
                      {"role":"tool","tool_call_id":"c1","content":"x"},{"role":"tool","tool_call_id":"c1","content":"y"}]}""");
            assertEquals(2, server.requests().size());
        }
    }

    @Test
    void openAiDuplicateResultIsReported() throws Exception {
        try (ScriptedModelServer server = ScriptedModelServer.start(); HttpClient client = HttpClient.newHttpClient()) {
            server.sse("openai-final.sse");
            post(client, server.baseUrl() + "/v1/chat/completions", """
                    {"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"a","arguments":"{}"}}]},
                      {"role":"tool","tool_call_id":"c1","content":"x"},{"role":"tool","tool_call_id":"c2","content":"y"},
                      {"role":"tool","tool_call_id":"c1","content":"z"}]}""");
            AssertionError e = assertThrows(AssertionError.class, server::assertToolCallsAnswered);
            assertEquals("request 0 (/v1/chat/completions): tool call c1 of message 0 has 2 results; "
                    + "tool result c2 after message 0 answers no call", e.getMessage());
        }
    }

    private static void post(HttpClient client, String url, String body) throws Exception {
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(url))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
    }
}
