package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.acp.schema.StopReason;
import dev.tether.acp.schema.agent.PromptRequest;
import dev.tether.acp.schema.agent.PromptResponse;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcException;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code session/prompt} is read around its content blocks and answered by hand (the first turn
 * must not wait for the mapper's first look at the records), yet reads and writes what the mapper
 * does for {@link PromptRequest} and {@link PromptResponse}.
 */
class PromptJsonTest {

    @Test
    void theHandReadRequestIsWhatTheMapperReads() {
        for (String params : List.of(
                "{\"sessionId\":\"s-1\",\"prompt\":[{\"type\":\"text\",\"text\":\"hi\",\"annotations\":{}},"
                        + "{\"type\":\"resource_link\",\"uri\":\"file:///a\",\"name\":\"a\",\"size\":3},"
                        + "{\"type\":\"resource\",\"resource\":{\"uri\":\"file:///b\",\"text\":\"b\"}},"
                        + "{\"type\":\"image\",\"data\":\"AAAA\",\"mimeType\":\"image/png\"}],\"_meta\":{}}",
                "{\"sessionId\":\"s-1\",\"prompt\":[]}", "{\"sessionId\":\"s-1\"}", "{\"prompt\":null}", "{}")) {
            JsonNode tree = Json.parse(params);
            assertEquals(Json.strictStrings().treeToValue(tree, PromptRequest.class), PromptJson.read(tree), params);
        }
    }

    /** What does not fit: invalid params naming the field or the block, as prompts always were. */
    @Test
    void whatDoesNotFitIsInvalidParams() {
        record Case(String params, String message) {}
        for (Case c : List.of(new Case("{\"sessionId\":42,\"prompt\":[]}", "Invalid params: \"sessionId\" must be a string"),
                new Case("{\"sessionId\":\"s\",\"prompt\":[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"hologram\"}]}",
                        "Invalid params: prompt[1] is not a valid content block (type \"hologram\")"),
                new Case("{\"sessionId\":\"s\",\"prompt\":[{\"type\":\"resource\",\"resource\":[]}]}",
                        "Invalid params: prompt[0] is not a valid content block (type \"resource\")"))) {
            JsonRpcException e = assertThrows(JsonRpcException.class, () -> PromptJson.read(Json.parse(c.params())), c.params());
            assertEquals(c.message(), e.getMessage());
        }
        // Not an array reads as no prompt, which the handler refuses after looking the session up.
        assertEquals(new PromptRequest("s", null), PromptJson.read(Json.parse("{\"sessionId\":\"s\",\"prompt\":\"hi\"}")));
    }

    @Test
    void theHandWrittenAnswerIsTheMappersTree() {
        for (StopReason reason : StopReason.values()) {
            assertEquals(Json.tree(new PromptResponse(reason)), PromptJson.tree(new PromptResponse(reason)));
        }
        PromptResponse failed = new PromptResponse(StopReason.END_TURN, null, Json.parse("{\"tether\":{\"turnFailed\":\"model\"}}"));
        assertEquals(Json.tree(failed), PromptJson.tree(failed));
        assertEquals("model", PromptJson.tree(failed).path("_meta").path("tether").path("turnFailed").asString());
        PromptResponse used = new PromptResponse(StopReason.END_TURN, new PromptResponse.Usage(120, 30, 1000, 0), null);
        assertEquals(Json.tree(used), PromptJson.tree(used));
        assertEquals(1150, PromptJson.tree(used).path("usage").path("totalTokens").asLong());
    }
}
