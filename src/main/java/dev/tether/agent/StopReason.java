package dev.tether.agent;

/**
 * Why a prompt turn ended. The editor adapter gives each its wire name.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#stop-reasons">ACP stop reasons</a>
 */
public enum StopReason {
    END_TURN, MAX_TOKENS, MAX_TURN_REQUESTS, REFUSAL, CANCELLED
}
