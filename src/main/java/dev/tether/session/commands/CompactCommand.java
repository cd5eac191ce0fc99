package dev.tether.session.commands;

import dev.tether.agent.Compactor;
import dev.tether.agent.StopReason;
import dev.tether.base.Cancellation;
import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionEvent;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code /compact}: compacts the conversation on the user's request, outside any model turn, and
 * tells the user when there was nothing to compact or the compaction failed. A completed one
 * shows as its compaction updates (or their marker).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
public final class CompactCommand {
    static final String NAME = "compact";
    static final SessionEvent.Command COMMAND = new SessionEvent.Command(NAME,
            "Summarise the conversation so far to free the model's context (the transcript keeps everything)", null);
    static final String NOTHING = "Nothing to compact yet: the conversation has no earlier exchange to summarise.";

    private CompactCommand() {}

    /** Whether {@code prompt} is {@code /compact}. */
    public static boolean matches(List<PromptBlock> prompt) {
        String first = !prompt.isEmpty() && prompt.getFirst() instanceof PromptBlock.Text t ? t.text().strip() : null;
        Optional<SlashCommands.Invocation> invocation = SlashCommands.parse(first);
        return invocation.isPresent() && invocation.get().name().equals(NAME);
    }

    /** Runs the compaction; the turn ends {@code cancelled} when the user cancelled it, else {@code end_turn}. */
    public static StopReason run(Compactor compactor, Compactor.Request request, Cancellation turn, Consumer<String> say) {
        Compactor.Outcome outcome = compactor.compact(request, turn);
        if (outcome.status() == null) {
            say.accept(NOTHING);
            return StopReason.END_TURN;
        }
        return switch (outcome.status()) {
            case COMPLETED, FAILED -> StopReason.END_TURN;
            case CANCELLED -> StopReason.CANCELLED;
        };
    }
}
