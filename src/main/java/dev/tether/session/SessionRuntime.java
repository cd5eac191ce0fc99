package dev.tether.session;

import dev.tether.base.Cancellation;
import dev.tether.base.Scope;
import dev.tether.agent.Compactor;
import dev.tether.agent.Conversation;
import dev.tether.agent.StopReason;
import dev.tether.agent.TurnLoop;
import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.security.Redactor;
import dev.tether.security.SecretCuts;
import dev.tether.tools.SessionMode;
import dev.tether.tools.ToolError;
import dev.tether.tools.Workspace;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * One session: its model loop, tools, MCP servers, mode, config options and transcript.
 * Everything that belongs to the session lives here and ends with {@link #close()}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup">ACP session setup</a>
 */
public final class SessionRuntime implements AutoCloseable {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionRuntime.class);
    }

    private final SessionId id;
    private final Workspace workspace;
    private final SessionServices services;
    private final Frontend.Ports ports;
    private final Transcript transcript;
    private final Conversation conversation;
    private final SessionServers mcp;
    private final SessionTools tools;
    private final SessionHost host;
    private final BackgroundTasks backgroundTasks = new BackgroundTasks(this::sendDurable);
    private final ReentrantLock turnLock = new ReentrantLock();
    private final SessionNotices notices;
    private boolean unsavedShown;
    private volatile Cancellation currentTurn;
    private final SessionOptions options;
    private final SessionCommands commands;
    private final SessionModel model;
    private volatile String title;
    private volatile boolean closed;
    private final Cancellation lifetime = Cancellation.root();
    private final Scope scope;

    SessionRuntime(SessionId id, Workspace workspace, SessionServices services, Frontend.Ports ports, Transcript transcript,
                   SessionRecord restored, McpServerSources.Lineup servers) {
        this.id = id;
        this.scope = Scope.named("session-" + id.value());
        this.workspace = workspace;
        this.services = services;
        this.ports = ports;
        this.transcript = transcript;
        this.title = restored == null ? null : restored.title();
        // A transcript written before a secret was known (or by an older version) must not bring it back to the model.
        this.conversation = new Conversation(restored == null ? List.of() : new SecretMasking(services.secrets()).messages(restored.messages()),
                this::recordMessage, this::recordCompaction);
        this.options = new SessionOptions(services.models());
        this.model = new SessionModel(services.models(), options::model, services.limits(), services.secrets());
        this.host = new SessionHost(ports, model, backgroundTasks, workspace.roots(), this::publishCommands);
        this.notices = new SessionNotices(ports.output().showsNotices(), this::send);
        McpLauncher.Listener listener = new McpLauncher.Listener() {
            @Override
            public void serverFailed(String server, String reason) {
                log().warn("session {}: MCP server {} failed: {}", id, server, reason);
                notices.serverFailed(server, reason);
            }

            @Override
            public void serverNeedsSignIn(String server, String reason) {
                log().warn("session {}: MCP server {} needs sign-in: {}", id, server, reason);
                notices.serverNeedsSignIn(server, reason);
            }

            @Override
            public void warn(String server, String message) {
                notices.serverWarning(server, message);
            }

            @Override
            public void toolsChanged() {
                // The next model request re-reads the projection at the catalog barrier.
            }
        };
        // Launched in the background: the session/new answer does not wait for it; the catalog barrier,
        // which every model request (and so every tool) passes first, does. The process is hardened
        // (beforeSession) before the launch starts any server.
        this.mcp = new SessionServers(new LaunchedServers(() -> {
            services.mcp().beforeSession();
            return services.mcp().start(servers.start(), workspace.cwd(), services.transcripts().artifactDir(id), host, listener);
        }, servers.start(), listener, scope),
                services.mcpSources(), servers, this::send);
        // The configuration's warnings reach the user with the first model request (and in /mcp),
        // and as notices once the session is answered where the editor shows them.
        mcp.warnings().forEach(notices::configWarning);
        this.tools = new SessionTools(this, mcp, restored == null ? List.of() : restored.loadedTools());
        this.commands = new SessionCommands(mcp, this::send, this::say, scope, SecretCuts.of(services.secrets()));
    }

    public SessionId id() {
        return id;
    }

    public Workspace workspace() {
        return workspace;
    }

    SessionServices services() {
        return services;
    }

    /** Where the user's editor is reached for this session. */
    Frontend.Ports ports() {
        return ports;
    }

    public SessionMode mode() {
        return options.mode();
    }

    /** Whether the session's current model takes images (false until a provider could be opened). */
    boolean acceptsImages() {
        return model.acceptsImages();
    }

    /**
     * Runs one prompt turn. Only one turn runs at a time per session.
     *
     * @param request fires when the editor withdraws the prompt request itself
     * @throws SessionError.PromptInProgress a turn is already running
     * @throws SessionError.SessionClosed the session closed before the turn could start
     * @throws SessionError.AuthRequired the model provider rejected its credentials
     */
    public StopReason prompt(List<PromptBlock> prompt, Cancellation request) {
        if (!turnLock.tryLock()) {
            throw new SessionError.PromptInProgress();
        }
        try (Cancellation turn = request.child()) {
            currentTurn = turn;
            if (closed) {
                throw new SessionError.SessionClosed(id);
            }
            recordPrompt(prompt);
            try {
                ModelProvider provider = model.provider();
                SecretMasking masking = new SecretMasking(services.secrets());
                TurnOutput output = new TurnOutput(this::sendDurable, this::send, model.contextWindow(provider));
                if (CompactCommand.matches(prompt)) {
                    return CompactCommand.run(new Compactor(provider, conversation, output),
                            new Compactor.Request(options.model(), SystemPrompt.build(workspace, options.mode()),
                                    services.limits().maxTokens()), turn, this::say);
                }
                TurnLoop loop = new TurnLoop(provider, conversation, masking.tools(tools), output, model.resources(provider, scope));
                List<ModelMessage> messages = masking.messages(backgroundTasks.withResults(
                        commands.messagesFor(prompt, provider.info().acceptsImages(), turn)));
                if (messages.isEmpty()) {
                    return turn.isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN;
                }
                String instructions;
                try {
                    instructions = tools.serverInstructions(turn);
                } catch (dev.tether.base.CancelledException e) {
                    return StopReason.CANCELLED;
                }
                TurnLoop.Settings settings = new TurnLoop.Settings(options.model(),
                        SystemPrompt.build(workspace, options.mode(), instructions),
                        services.limits().maxTokens(), options.thinking(), services.limits().maxModelRequests());
                return loop.run(messages, settings, turn);
            } catch (ModelException e) {
                if (e.kind() == ModelException.Kind.AUTH) {
                    throw new SessionError.AuthRequired("The model provider rejected the credentials: " + e.getMessage());
                }
                sendDurable(new SessionEvent.AgentMessage(null, "⚠ Model request failed: " + e.getMessage()));
                return turn.isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN;
            } catch (ToolError.Fatal e) {
                // Ends like a failed model request: a message the user reads, and a turn that ended.
                sendDurable(new SessionEvent.AgentMessage(null, "⚠ Tool call failed: " + e.getMessage()));
                return turn.isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN;
            }
        } finally {
            currentTurn = null;
            turnLock.unlock();
        }
    }

    /** An agent message to the user, kept in the transcript. */
    private void say(String text) {
        sendDurable(new SessionEvent.AgentMessage(UUID.randomUUID().toString(), text));
    }

    /**
     * Once the session is answered: sends the slash commands now, and again once the MCP servers
     * have settled; where the editor shows notices, the ones held until the session was answered
     * (configuration warnings, early failures) go out now; and the provider readies the first
     * turn in the background (after the answer: on two cores it would take the answer's CPU).
     */
    public void startPublishingCommands() {
        notices.open();
        commands.startPublishing(id.value(), lifetime);
        services.models().prepare();
    }

    /** Asks the user about workspace MCP servers waiting for approval (once per session). */
    void askServerApprovals(Cancellation turn) {
        mcp.askApprovals(ports.requests(), turn);
    }

    /** Sends the slash commands again if they changed (a server's prompts changed). */
    private void publishCommands() {
        commands.publish();
    }

    /**
     * Cancels the running turn, if any; harmless when idle. The turn is chosen now, but its
     * listeners (closing streams, telling MCP servers) run on a thread of the session's scope:
     * this is called on the editor connection's reader thread, which must never wait on them.
     */
    public void cancel() {
        Cancellation turn = currentTurn;
        if (turn != null) {
            scope.start("cancel", turn::cancel);
        }
    }

    /** The owner of this session's background threads. */
    Scope scope() {
        return scope;
    }

    private void recordPrompt(List<PromptBlock> prompt) {
        String messageId = UUID.randomUUID().toString();
        for (PromptBlock block : prompt) {
            // The editor already shows what the user typed: record it for replay only.
            record(new SessionEvent.UserMessage(block, messageId));
        }
        if (title == null) {
            String newTitle = PromptContent.title(prompt);
            if (newTitle != null) {
                title = newTitle;
                String now = Instant.now().toString();
                transcript.append(Json.object().put("kind", "title").put("title", newTitle).put("updatedAt", now));
                sendDurable(new SessionEvent.TitleChanged(newTitle, now));
            }
        }
    }

    /** Messages for the user (failed MCP servers where the editor shows no notices), shown at the next model request. */
    void flushNotices() {
        for (String notice : notices.drainForConversation()) {
            sendDurable(new SessionEvent.AgentMessage(null, "⚠ " + notice + "\n\n"));
        }
        String unsaved = transcript.failure();
        if (unsaved != null && !unsavedShown) {
            unsavedShown = true; // The editor's log is not where a user looks: say it once in the session.
            send(new SessionEvent.AgentMessage(null, "⚠ This session is not being saved and cannot be loaded later: "
                    + Redactor.redact(unsaved) + "\n\n"));
        }
    }

    // --- modes and config options ---

    /** @throws SessionError.InvalidParams the mode does not exist */
    public void setMode(String modeId) {
        sendDurable(new SessionEvent.ModeChanged(options.setMode(modeId)));
    }

    /** @throws SessionError.InvalidParams the option or its value does not exist */
    public List<SessionOption> setConfigOption(String optionId, String value) {
        if (options.set(optionId, value)) {
            model.modelChanged();
        }
        return options.configOptions();
    }

    public List<SessionOption> configOptions() {
        return options.configOptions();
    }

    public String title() {
        return title;
    }

    // --- updates ---

    /** Shows an event to the user and records it in the transcript. */
    void sendDurable(SessionEvent event) {
        JsonNode shown = ports.output().send(event);
        if (shown != null) {
            transcript.append(Json.object().put("kind", "update").set("update", shown));
        }
    }

    /** Shows an event that is not part of the durable record (progress, usage). */
    void send(SessionEvent event) {
        ports.output().send(event);
    }

    private void record(SessionEvent event) {
        JsonNode rendered = ports.output().render(event);
        if (rendered != null) {
            transcript.append(Json.object().put("kind", "update").set("update", rendered));
        }
    }

    /** The MCP tools tool_search loaded, kept so that load and resume offer them again. */
    void recordLoadedTools(java.util.Collection<String> names) {
        tools.jackson.databind.node.ObjectNode line = Json.object().put("kind", "tools");
        names.forEach(line.putArray("loaded")::add);
        transcript.append(line);
    }

    private void recordMessage(dev.tether.model.ModelMessage message) {
        transcript.append(Json.object().put("kind", "message").set("message", MessageCodec.encode(message)));
    }

    /** The history a compaction left: a restored session starts from it (the messages before stay in the file). */
    private void recordCompaction(List<ModelMessage> history) {
        transcript.append(TranscriptStore.compactionLine(history));
    }

    /** Cancels any turn, ends the MCP servers and closes the transcript. */
    @Override
    public void close() {
        closed = true;
        commands.close();
        lifetime.cancel();
        Cancellation turn = currentTurn;
        if (turn != null) {
            turn.cancel();
        }
        try {
            mcp.close();
        } finally {
            tools.close();
            transcript.close();
            scope.close();
        }
    }
}
