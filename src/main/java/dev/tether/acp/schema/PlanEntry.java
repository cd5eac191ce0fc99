package dev.tether.acp.schema;

/**
 * One step of the agent's plan. {@code priority} is high/medium/low, {@code status}
 * pending/in_progress/completed.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/agent-plan">ACP agent plan</a>
 */
public record PlanEntry(String content, String priority, String status) {}
