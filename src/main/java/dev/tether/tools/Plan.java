package dev.tether.tools;

import java.util.List;

/**
 * The agent's plan as the user sees it. Each call replaces the whole plan.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/agent-plan">ACP agent plan</a>
 */
@FunctionalInterface
public interface Plan {
    void show(List<Item> entries);

    /**
     * One step of the plan.
     *
     * @param priority high, medium or low
     * @param status   pending, in_progress or completed
     */
    record Item(String content, String priority, String status) {}
}
