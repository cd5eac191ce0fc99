package dev.tether.acp;

import tools.jackson.databind.JsonNode;

/**
 * What the editor said it can do in {@code initialize}. Built from the raw JSON so that
 * unknown or missing fields never fail a session.
 */
public record ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal,
                                 boolean elicitationForm, boolean elicitationUrl, boolean notices) {
    public static final ClientCapabilities NONE = new ClientCapabilities(false, false, false, false, false, false);

    /** Without {@code session.notices}. */
    public ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal, boolean elicitationForm,
                              boolean elicitationUrl) {
        this(readTextFile, writeTextFile, terminal, elicitationForm, elicitationUrl, false);
    }

    public static ClientCapabilities from(JsonNode caps) {
        if (caps == null || !caps.isObject()) {
            return NONE;
        }
        JsonNode fs = caps.path("fs");
        JsonNode elicitation = caps.path("elicitation");
        return new ClientCapabilities(
                fs.path("readTextFile").asBoolean(false),
                fs.path("writeTextFile").asBoolean(false),
                caps.path("terminal").asBoolean(false),
                elicitation.path("form").isObject(),
                elicitation.path("url").isObject(),
                caps.path("session").path("notices").isObject());
    }
}
