package dev.tether.acp.schema.client;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import tools.jackson.databind.JsonNode;

/**
 * {@code elicitation/create}: an MCP server asks the user for input, tagged by {@code mode}: a form
 * built from {@code requestedSchema}, or a URL to open. Tether sends only session-scoped ones;
 * {@code toolCallId}, when not null, names the tool call the request belongs to.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/elicitation">ACP elicitation</a>
 */
public sealed interface CreateElicitationRequest extends ClientRequest<CreateElicitationResponse> {

    @JsonProperty("mode")
    String mode();

    @Override
    default String method() {
        return "elicitation/create";
    }

    @Override
    default Class<CreateElicitationResponse> answer() {
        return CreateElicitationResponse.class;
    }

    /** The server's form schema, passed on as the server sent it (after sanitising). */
    @JsonPropertyOrder({"sessionId", "toolCallId", "mode", "message", "requestedSchema"})
    record Form(String sessionId, String toolCallId, String message, JsonNode requestedSchema) implements CreateElicitationRequest {
        @Override
        public String mode() {
            return "form";
        }
    }

    /** {@code elicitationId} is the server's, so that {@code elicitation/complete} can name it later. */
    @JsonPropertyOrder({"sessionId", "toolCallId", "mode", "message", "elicitationId", "url"})
    record Url(String sessionId, String toolCallId, String message, String elicitationId, String url)
            implements CreateElicitationRequest {
        @Override
        public String mode() {
            return "url";
        }
    }
}
