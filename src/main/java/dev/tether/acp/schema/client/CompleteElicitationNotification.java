package dev.tether.acp.schema.client;

/**
 * {@code elicitation/complete}: the URL elicitation {@code elicitationId} has finished (the MCP
 * server said so), so the editor can stop showing it.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/elicitation#url-completion">ACP URL elicitation completion</a>
 */
public record CompleteElicitationNotification(String elicitationId) implements ClientNotification {
    @Override
    public String method() {
        return "elicitation/complete";
    }
}
