package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Why a prompt turn ended, as {@code session/prompt} answers it. A cancelled turn answers
 * {@code cancelled}, never an error. (Named with {@link JsonProperty}, which every turn's updates
 * use already, rather than {@code @JsonValue}: the first use of an annotation type makes the JVM
 * spin a class for it, at the end of the first turn.)
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#stop-reasons">ACP stop reasons</a>
 */
public enum StopReason {
    @JsonProperty("end_turn") END_TURN,
    @JsonProperty("max_tokens") MAX_TOKENS,
    @JsonProperty("max_turn_requests") MAX_TURN_REQUESTS,
    @JsonProperty("refusal") REFUSAL,
    @JsonProperty("cancelled") CANCELLED;

    /** The wire name, as the annotations give it. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
