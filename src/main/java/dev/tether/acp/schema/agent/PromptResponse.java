package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.StopReason;

/**
 * The answer to {@code session/prompt}, once the turn has ended: why it ended, the tokens the
 * turn's model requests used (ACP's unstable {@code usage}; absent when no model was asked), and in
 * {@code _meta} ({@code {"tether": {"turnFailed": "model"|"tool"}}}) whether a failed model request
 * or a fatal tool error ended it — the user already read why in an agent message; {@code tether
 * exec} turns it into exit code 1.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/prompt-turn#stop-reasons">ACP stop reasons</a>
 */
public record PromptResponse(StopReason stopReason, Usage usage, tools.jackson.databind.JsonNode _meta) {
    public PromptResponse(StopReason stopReason) {
        this(stopReason, null, null);
    }

    /**
     * Token counts of one turn, summed over its model requests; {@code totalTokens} is the sum of
     * the others.
     */
    public record Usage(long totalTokens, long inputTokens, long outputTokens, long cachedReadTokens,
                        long cachedWriteTokens) {
        public Usage(long inputTokens, long outputTokens, long cachedReadTokens, long cachedWriteTokens) {
            this(inputTokens + outputTokens + cachedReadTokens + cachedWriteTokens, inputTokens, outputTokens,
                    cachedReadTokens, cachedWriteTokens);
        }
    }
}
