package dev.tether.cli.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class JsonLinesTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final JsonLines output = new JsonLines(new PrintStream(bytes, true, StandardCharsets.UTF_8));

    private List<JsonNode> lines() {
        return bytes.toString(StandardCharsets.UTF_8).lines().map(Json::parse).toList();
    }

    @Test
    void eachThingIsOneObjectOnItsOwnLineAndTheResultIsLast() {
        output.update(Json.parse("""
                {"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"two\\nlines"}}}"""));
        output.permission("s1", "c1", "Write a.txt", "denied", "mode");
        output.declined("s1", "url", "Open the consent page", "https://example.com/consent");
        output.result(new ExecOutput.Result("s1", "end_turn", "two\nlines", Json.parse("{\"used\":10,\"size\":100}"), 42));
        output.update(Json.parse("{\"sessionId\":\"s1\",\"update\":{\"sessionUpdate\":\"available_commands_update\",\"availableCommands\":[]}}"));

        List<JsonNode> lines = lines();
        assertEquals(4, lines.size(), "nothing after the result");
        assertEquals("update", lines.get(0).path("type").asString());
        assertEquals("s1", lines.get(0).path("sessionId").asString());
        assertEquals("two\nlines", lines.get(0).path("update").path("content").path("text").asString());
        assertEquals(Json.parse("{\"type\":\"permission\",\"sessionId\":\"s1\",\"toolCallId\":\"c1\",\"title\":\"Write a.txt\","
                + "\"decision\":\"denied\",\"by\":\"mode\"}"), lines.get(1));
        assertEquals(Json.parse("{\"type\":\"declined\",\"sessionId\":\"s1\",\"kind\":\"url\",\"message\":\"Open the consent page\","
                + "\"url\":\"https://example.com/consent\"}"), lines.get(2));
        assertEquals(Json.parse("{\"type\":\"result\",\"sessionId\":\"s1\",\"stopReason\":\"end_turn\",\"text\":\"two\\nlines\","
                + "\"usage\":{\"used\":10,\"size\":100},\"durationMs\":42}"), lines.get(3));
    }
}
