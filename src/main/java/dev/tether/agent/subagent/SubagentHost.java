package dev.tether.agent.subagent;

import dev.tether.agent.Conversation;
import dev.tether.agent.StopReason;
import dev.tether.agent.TurnListener;
import dev.tether.agent.TurnTools;
import dev.tether.base.Cancellation;
import dev.tether.model.ModelException;
import dev.tether.model.ModelProvider;
import dev.tether.model.ThinkingLevel;
import dev.tether.tools.ToolContext;

/**
 * What a session lends its subagents: a child with its own conversation and transcript, the
 * parent's tools (on the parent's MCP runtime) cut to a subset, and a place to show its work.
 */
public interface SubagentHost {

    /**
     * Opens a child for one task; it is shown in the editor (announced, its task handed over)
     * before this returns.
     *
     * @param call the parent's {@code agent} tool call that runs it
     */
    Child open(Task task, ToolContext call);

    /**
     * @param title       a short name for the child (the model's {@code description})
     * @param prompt      the task handed over
     * @param type        what kind of subagent it is
     */
    record Task(String title, String prompt, AgentType type) {}

    /** One subagent's session. {@link #close()} ends it (after {@link #finished}). */
    interface Child extends AutoCloseable {
        String id();

        /** @throws ModelException the model could not be opened */
        ModelProvider provider() throws ModelException;

        /** The model name the child's requests use. */
        String model();

        /** The system prompt: the session's, then the type's instructions. */
        String system();

        int maxTokens();

        /** The session's thinking level, which the user chose. */
        ThinkingLevel thinking();

        /** The parent's tools cut to the type's subset; their calls and permission requests name the child. */
        TurnTools tools();

        /** Where the child's turn shows its messages and thoughts. */
        TurnListener listener();

        Conversation conversation();

        /** Fires when the user cancels this child alone (ACP {@code session/cancel} of its id). */
        Cancellation cancelledByUser();

        /** The child's work ended: shows its answer to the parent and its state as idle. */
        void finished(StopReason reason, String answer);

        @Override
        void close();
    }
}
