package dev.tether.tools.permission;

import dev.tether.base.Cancellation;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ToolCallView;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Asks the user whether one tool call may run (the editor's {@code session/request_permission}).
 * Waits as long as the user takes; {@code cancellation} withdraws the question.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP permission requests</a>
 */
@FunctionalInterface
public interface PermissionPrompt {

    /**
     * @throws HostFailure when the host could not ask the user
     * @throws dev.tether.base.CancelledException when {@code cancellation} fires first
     */
    Answer ask(Question question, Cancellation cancellation) throws HostFailure;

    /**
     * One call to ask about.
     *
     * @param view     the call as it is shown
     * @param rawInput the model's input, shown by the host
     * @param choices  the answers offered, in order
     * @param always   the label of {@link PermissionChoice#ALLOW_ALWAYS} when it is offered (what it
     *                 covers, for how long), or null for the plain one
     */
    record Question(String toolCallId, ToolCallView view, JsonNode rawInput, List<PermissionChoice> choices, String always) {
        public Question {
            choices = List.copyOf(choices);
        }

        public Question(String toolCallId, ToolCallView view, JsonNode rawInput, List<PermissionChoice> choices) {
            this(toolCallId, view, rawInput, choices, null);
        }
    }

    /** What the user did. */
    sealed interface Answer {
        /** The user picked one of the offered choices. */
        record Chosen(PermissionChoice choice) implements Answer {}

        /** The user dismissed the question (the turn is being cancelled). */
        record Dismissed() implements Answer {}

        /** Anything else: no choice, or one that was not offered; never read as consent. */
        record Unclear() implements Answer {}
    }
}
