package dev.tether.acp;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.agent.PromptRequest;
import dev.tether.acp.schema.agent.PromptResponse;
import dev.tether.json.Json;
import dev.tether.json.Trees;
import dev.tether.jsonrpc.JsonRpcException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The params and answer of {@code session/prompt}: the request read by hand around its content
 * blocks, which the mapper reads one by one, and the answer written by hand. The first prompt of a
 * process comes right after {@code session/new}, and the mapper's first reading of the request
 * record and writing of the answer record added about 6 ms to the first turn, a tenth of it
 * (docs/reference/decisions.md). What a valid request reads as and what is written are what the
 * mapper makes of the same records ({@code PromptJsonTest}).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/prompt-turn#1-user-message">ACP prompt turn: the user message</a>
 */
final class PromptJson {
    private PromptJson() {}

    /**
     * The request; a {@code prompt} that is not an array reads as none, which the handler refuses
     * once it has found the session. Each block is read by the configured mapper, as prompts always
     * were: leniently (a number where text is expected reads as its digits), and a block that does
     * not fit is invalid params naming its index and type.
     */
    static PromptRequest read(JsonNode params) {
        String sessionId = Params.string(params, "sessionId");
        JsonNode prompt = params.get("prompt");
        if (prompt == null || !prompt.isArray()) {
            return new PromptRequest(sessionId, null);
        }
        List<ContentBlock> blocks = new ArrayList<>();
        for (int index = 0; index < prompt.size(); index++) {
            JsonNode block = prompt.get(index);
            try {
                blocks.add(Json.convert(block, ContentBlock.class));
            } catch (JacksonException e) {
                throw JsonRpcException.invalidParams("Invalid params: prompt[" + index + "] is not a valid content block"
                        + " (type \"" + block.path("type").asString("?") + "\")");
            }
        }
        return new PromptRequest(sessionId, blocks);
    }

    static ObjectNode tree(PromptResponse answer) {
        ObjectNode tree = Trees.object();
        if (answer.stopReason() != null) {
            tree.put("stopReason", answer.stopReason().id());
        }
        if (answer.usage() != null) {
            PromptResponse.Usage usage = answer.usage();
            tree.putObject("usage").put("totalTokens", usage.totalTokens()).put("inputTokens", usage.inputTokens())
                    .put("outputTokens", usage.outputTokens()).put("cachedReadTokens", usage.cachedReadTokens())
                    .put("cachedWriteTokens", usage.cachedWriteTokens());
        }
        if (answer._meta() != null) {
            tree.set("_meta", answer._meta());
        }
        return tree;
    }
}
