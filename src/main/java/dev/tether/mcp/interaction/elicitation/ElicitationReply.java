package dev.tether.mcp.interaction.elicitation;

import tools.jackson.databind.JsonNode;

/** The user's answer: {@code accept} (with {@code content} in form mode), {@code decline} or {@code cancel}. */
public record ElicitationReply(String action, JsonNode content) {
    public static final ElicitationReply DECLINE = new ElicitationReply("decline", null);
    public static final ElicitationReply CANCEL = new ElicitationReply("cancel", null);
}
