package dev.tether.session.commands;

import dev.tether.base.Cancellation;
import dev.tether.base.Scope;
import dev.tether.context.commands.CommandTemplate;
import dev.tether.context.commands.FileCommand;
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
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's slash commands: publishing them ({@code /mcp}, {@code /status}, the command files and
 * the servers' prompts), and turning a prompt that starts with one into the messages of the turn. A
 * command file expands to the user's message and nothing more; a built-in command's name is never a file's.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/slash-commands">ACP slash commands</a>
 */
public final class SessionCommands {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionCommands.class);
    }

    /** The commands Tether answers itself, which no command file replaces (others' included as they land). */
    public static final Set<String> BUILT_IN = Set.of(SlashCommands.MCP, CompactCommand.NAME, "context", "status", SandboxCommand.NAME);

    private final McpLauncher.Servers mcp;
    private final Supplier<List<FileCommand>> files;
    private volatile List<FileCommand> fileCommands = List.of();
    private final Consumer<SessionEvent> live;
    private final Consumer<String> say;
    private final Scope scope;
    private final SecretCuts cuts;
    private final StatusPage statusPage;
    private List<SessionEvent.Command> published;
    private boolean closed;

    /**
     * @param files      the command files on offer, read again at each call (unchanged files from a cache)
     * @param live       sends an update that is not kept in the transcript
     * @param say        tells the user something, kept in the transcript
     * @param cuts       masks the known secrets in prompt content before it is cut
     * @param statusPage the process's status page, or null where there is none
     */
    public SessionCommands(McpLauncher.Servers mcp, Supplier<List<FileCommand>> files, Consumer<SessionEvent> live, Consumer<String> say,
                           Scope scope, SecretCuts cuts, StatusPage statusPage) {
        this.mcp = mcp;
        this.files = files;
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
        // The command files are read again at every prompt (unchanged ones from a cache): one the user
        // wrote or changed since is offered, and published, from now on.
        List<FileCommand> fileNow = rescan();
        publish();
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
            if (!BUILT_IN.contains(command.name())) {
                Optional<FileCommand> file = fileNow.stream().filter(f -> f.name().equals(command.name())).findFirst();
                if (file.isPresent()) {
                    List<Part> parts = new ArrayList<>();
                    parts.add(new Part.Text(CommandTemplate.expand(file.get().body(), command.input(), SlashCommands.tokens(command.input()))));
                    parts.addAll(PromptContent.toParts(prompt.subList(1, prompt.size()), acceptsImages, cuts));
                    return List.of(ModelMessage.user(parts));
                }
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

    /**
     * Sends the commands once the command files are read, and again once the MCP servers have
     * settled. The first list already holds the files: a list without them, followed by one with
     * them, would show the user commands that appear a moment later.
     */
    public void startPublishing(String sessionId, Cancellation lifetime) {
        scope.start("commands", () -> {
            try {
                // The files are read here, off the session/new answer's path.
                rescan();
                publish();
                mcp.awaitTools(lifetime);
                publish();
            } catch (RuntimeException e) {
                log().debug("session {}: commands not published: {}", sessionId, e.toString());
            }
        });
    }

    /**
     * Reads the command files (bounded by {@link dev.tether.context.commands.CommandFiles}'s limits;
     * unchanged files from a cache), then sends the commands when they changed: what
     * {@code session/load} ends its replay with, so that nothing follows its answer.
     */
    public void publishWithFiles() {
        rescan();
        publish();
    }

    /** Sends the current commands when they changed (live only: a restored session publishes its own). */
    public void publish() {
        List<SessionEvent.Command> commands = SlashCommands.available(mcp.prompts(), fileCommands, statusPage != null);
        synchronized (this) {
            if (closed || commands.equals(published)) {
                return;
            }
            published = commands;
        }
        live.accept(new SessionEvent.CommandsAvailable(commands));
    }

    private List<FileCommand> rescan() {
        List<FileCommand> now = files.get();
        fileCommands = now;
        return now;
    }

    public synchronized void close() {
        closed = true;
    }
}
