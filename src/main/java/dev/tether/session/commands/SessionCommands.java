package dev.tether.session.commands;

import dev.tether.base.Cancellation;
import dev.tether.base.Scope;
import dev.tether.model.BinaryNotes;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.security.SecretCuts;
import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.StatusPage;
import dev.tether.session.servers.McpLauncher;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's slash commands: publishing them ({@code /mcp}, {@code /status}, {@code /compact} and the servers' prompts), and
 * turning a prompt that starts with one into the messages of the turn.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
public final class SessionCommands {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionCommands.class);
    }

    private final McpLauncher.Servers mcp;
    private final Consumer<SessionEvent> live;
    private final Consumer<String> say;
    private final Scope scope;
    private final SecretCuts cuts;
    private final StatusPage statusPage;
    private List<SessionEvent.Command> published;
    private boolean closed;

    /**
     * @param live sends an update that is not kept in the transcript
     * @param say  tells the user something, kept in the transcript
     * @param cuts masks the known secrets in prompt content before it is cut
     * @param statusPage the process's status page, or null where there is none
     */
    public SessionCommands(McpLauncher.Servers mcp, Consumer<SessionEvent> live, Consumer<String> say, Scope scope, SecretCuts cuts,
                           StatusPage statusPage) {
        this.mcp = mcp;
        this.statusPage = statusPage;
        this.scope = scope;
        this.cuts = cuts;
        this.live = live;
        this.say = say;
    }

    /**
     * The messages a prompt puts into the conversation: the user's content, or the messages of an
     * MCP prompt invoked as a slash command. A command that needs no model ({@code /mcp}) or
     * whose arguments are wrong answers the user here and returns no messages.
     */
    public List<ModelMessage> messagesFor(List<PromptBlock> prompt, boolean acceptsImages, Cancellation turn) {
        String first = prompt.getFirst() instanceof PromptBlock.Text t ? t.text().strip() : null;
        Optional<SlashCommands.Invocation> invocation = SlashCommands.parse(first);
        if (invocation.isPresent()) {
            SlashCommands.Invocation command = invocation.get();
            if (command.name().equals(SlashCommands.MCP)) {
                say.accept(McpSlashCommand.run(mcp, command.input(), turn));
                return List.of();
            }
            if (command.name().equals(StatusCommand.NAME)) {
                // Live only: the link carries a one-time ticket that no transcript may keep.
                live.accept(new SessionEvent.AgentMessage(UUID.randomUUID().toString(), StatusCommand.answer(statusPage)));
                return List.of();
            }
            Optional<McpLauncher.PromptCommand> found = mcp.prompts().stream()
                    .filter(p -> SlashCommands.name(p).equals(command.name())).findFirst();
            if (found.isPresent()) {
                return runPrompt(found.get(), command, PromptContent.toParts(prompt.subList(1, prompt.size()), acceptsImages, cuts),
                        acceptsImages, turn);
            }
        }
        return List.of(ModelMessage.user(PromptContent.toParts(prompt, acceptsImages, cuts)));
    }

    private List<ModelMessage> runPrompt(McpLauncher.PromptCommand prompt, SlashCommands.Invocation command, List<Part> rest,
                                         boolean acceptsImages, Cancellation turn) {
        SlashCommands.Arguments arguments = SlashCommands.bind(prompt, command.input());
        if (arguments.error() != null) {
            say.accept("⚠ /" + command.name() + ": " + arguments.error());
            return List.of();
        }
        try {
            List<ModelMessage> messages = new ArrayList<>(mcp.getPrompt(prompt.server(), prompt.name(), arguments.values(), turn));
            if (!rest.isEmpty()) {
                messages.add(ModelMessage.user(rest));
            }
            if (messages.isEmpty() || messages.getLast().role() != ModelMessage.Role.USER) {
                // A prompt may end with an assistant message; the model still needs a user turn to answer.
                messages.add(ModelMessage.user(List.of(new Part.Text("(Continue from the prompt above.)"))));
            }
            return messages.stream().map(m -> imagesFor(m, acceptsImages)).toList();
        } catch (McpLauncher.CommandFailure e) {
            say.accept("⚠ /" + command.name() + ": " + e.getMessage());
            return List.of();
        }
    }

    private static ModelMessage imagesFor(ModelMessage message, boolean acceptsImages) {
        return new ModelMessage(message.role(), BinaryNotes.forModel(message.parts(), acceptsImages));
    }

    /** Sends the commands now, and again once the MCP servers have settled. */
    public void startPublishing(String sessionId, Cancellation lifetime) {
        publish();
        scope.start("commands", () -> {
            try {
                mcp.awaitTools(lifetime);
                publish();
            } catch (RuntimeException e) {
                log().debug("session {}: commands not published: {}", sessionId, e.toString());
            }
        });
    }

    /** Sends the current commands when they changed (live only: a restored session publishes its own). */
    public void publish() {
        List<SessionEvent.Command> commands = SlashCommands.available(mcp.prompts(), statusPage != null);
        synchronized (this) {
            if (closed || commands.equals(published)) {
                return;
            }
            published = commands;
        }
        live.accept(new SessionEvent.CommandsAvailable(commands));
    }

    public synchronized void close() {
        closed = true;
    }
}
