package dev.tether.acp.schema.client;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import tools.jackson.databind.JsonNode;

/**
 * The user's answer to {@code elicitation/create}, tagged by {@code action}. An action of another
 * kind, or of none, is {@link Unknown}, which Tether treats as a cancel.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/elicitation">ACP elicitation</a>
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "action",
        defaultImpl = CreateElicitationResponse.Unknown.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = CreateElicitationResponse.Accept.class, name = "accept"),
        @JsonSubTypes.Type(value = CreateElicitationResponse.Decline.class, name = "decline"),
        @JsonSubTypes.Type(value = CreateElicitationResponse.Cancel.class, name = "cancel"),
})
public sealed interface CreateElicitationResponse {

    /**
     * The form's values as the user filled them in (null for a URL elicitation; a JSON {@code null}
     * stays a null node): passed on to the server, and checked against its schema on the way.
     */
    record Accept(JsonNode content) implements CreateElicitationResponse {}

    record Decline() implements CreateElicitationResponse {}

    record Cancel() implements CreateElicitationResponse {}

    record Unknown() implements CreateElicitationResponse {}
}
