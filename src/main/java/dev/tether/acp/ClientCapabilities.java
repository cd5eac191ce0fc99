package dev.tether.acp;

import tools.jackson.databind.JsonNode;

/**
 * What the editor said it can do in {@code initialize}. Built from the raw JSON so that
 * unknown or missing fields never fail a session.
 *
 * @param notices      {@code session.notices} is an object: the editor shows {@code notice} updates
 * @param compaction   {@code session.compaction} is an object: the editor shows
 *                     {@code compaction_update} and {@code compaction_summary_chunk} updates
 * @param terminalAuth {@code auth.terminal}: the editor can run the agent's {@code terminal} auth method
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization#client-capabilities">ACP client capabilities</a>
 */
public record ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal,
                                 boolean elicitationForm, boolean elicitationUrl, boolean notices, boolean compaction,
                                 boolean terminalAuth) {
    public static final ClientCapabilities NONE = new ClientCapabilities(false, false, false, false, false, false, false, false);

    /** Without {@code session.notices} and {@code session.compaction}. */
    public ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal, boolean elicitationForm,
                              boolean elicitationUrl) {
        this(readTextFile, writeTextFile, terminal, elicitationForm, elicitationUrl, false, false, false);
    }

    public static ClientCapabilities from(JsonNode caps) {
        if (caps == null || !caps.isObject()) {
            return NONE;
        }
        JsonNode fs = caps.path("fs");
        JsonNode elicitation = caps.path("elicitation");
        JsonNode session = caps.path("session");
        return new ClientCapabilities(
                fs.path("readTextFile").asBoolean(false),
                fs.path("writeTextFile").asBoolean(false),
                caps.path("terminal").asBoolean(false),
                elicitation.path("form").isObject(),
                elicitation.path("url").isObject(),
                session.path("notices").isObject(),
                session.path("compaction").isObject(),
                caps.path("auth").path("terminal").asBoolean(false));
    }
}
