package dev.tether.agent;

/**
 * Why a prompt turn ended, as ACP names it.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#stop-reasons">ACP stop reasons</a>
 */
public enum StopReason {
    END_TURN("end_turn"), MAX_TOKENS("max_tokens"), MAX_TURN_REQUESTS("max_turn_requests"),
    REFUSAL("refusal"), CANCELLED("cancelled");

    private final String id;

    StopReason(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }
}
