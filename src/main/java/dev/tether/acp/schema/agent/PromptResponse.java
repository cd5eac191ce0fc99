package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.StopReason;

/**
 * The answer to {@code session/prompt}, once the turn has ended: why it ended.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/prompt-turn#stop-reasons">ACP stop reasons</a>
 */
public record PromptResponse(StopReason stopReason) {}
