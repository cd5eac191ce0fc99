package dev.tether.session.commands;

import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionEvent;
import java.util.List;
import java.util.Optional;

/**
 * {@code /context}: what the model is given besides the conversation — the instruction files
 * loaded (AGENTS.md and the like), their sizes and what the budget cut. Answered without the model.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
public final class ContextCommand {
    static final String NAME = "context";
    static final SessionEvent.Command COMMAND = new SessionEvent.Command(NAME,
            "Show the instruction files (AGENTS.md …) the model was given, with their sizes", null);

    private ContextCommand() {}

    /** Whether {@code prompt} is {@code /context}. */
    public static boolean matches(List<PromptBlock> prompt) {
        String first = !prompt.isEmpty() && prompt.getFirst() instanceof PromptBlock.Text t ? t.text().strip() : null;
        Optional<SlashCommands.Invocation> invocation = SlashCommands.parse(first);
        return invocation.isPresent() && invocation.get().name().equals(NAME);
    }
}
