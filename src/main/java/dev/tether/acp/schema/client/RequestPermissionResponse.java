package dev.tether.acp.schema.client;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * The user's answer to {@code session/request_permission}; {@code outcome} is null when the editor
 * sent none.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
public record RequestPermissionResponse(Outcome outcome) {

    /**
     * Tagged by {@code outcome}: the user chose an option, or the request was cancelled (the turn
     * was). An outcome of another kind, or of none, is {@link Unknown}: what a newer editor may say
     * never fails the answer, and never counts as a choice.
     */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "outcome", defaultImpl = Outcome.Unknown.class)
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Outcome.Selected.class, name = "selected"),
            @JsonSubTypes.Type(value = Outcome.Cancelled.class, name = "cancelled"),
    })
    public sealed interface Outcome {
        record Selected(String optionId) implements Outcome {}

        record Cancelled() implements Outcome {}

        record Unknown() implements Outcome {}
    }
}
