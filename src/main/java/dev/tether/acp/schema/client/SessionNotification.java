package dev.tether.acp.schema.client;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code session/update}: something the user should see in a session. The update is a tree: the
 * one rendered from a {@link dev.tether.acp.schema.SessionUpdate} live, or the one a transcript
 * recorded, replayed as it was sent.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
public record SessionNotification(String sessionId, JsonNode update) implements ClientNotification {
    @Override
    public String method() {
        return "session/update";
    }

    /**
     * The params as a tree that holds the update itself: the mapper would copy the update into a
     * new tree for every one sent (the most frequent frame, and during {@code session/load} a
     * transcript's worth of them before the answer, which the mapper is not built for).
     */
    @Override
    public ObjectNode params() {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.put("sessionId", sessionId);
        params.set("update", update);
        return params;
    }
}
