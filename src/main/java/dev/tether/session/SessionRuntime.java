package dev.tether.session;

import dev.tether.agent.Compactor;
import dev.tether.agent.Conversation;
import dev.tether.agent.StopReason;
import dev.tether.agent.TurnLoop;
import dev.tether.agent.subagent.AgentTypes;
import dev.tether.base.Cancellation;
import dev.tether.base.Scope;
import dev.tether.base.git.ProjectRoot;
import dev.tether.context.InstructionFile;
import dev.tether.context.ProjectInstructions;
import dev.tether.http.status.StatusView;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.Usage;
import dev.tether.security.SecretCuts;
import dev.tether.session.api.Frontend;
import dev.tether.session.api.PromptBlock;
import dev.tether.session.api.SessionError;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionId;
import dev.tether.session.api.SessionOption;
import dev.tether.session.commands.CompactCommand;
import dev.tether.session.commands.ContextCommand;
import dev.tether.session.commands.SandboxCommand;
import dev.tether.session.commands.PromptContent;
import dev.tether.session.commands.SessionCommands;
import dev.tether.session.servers.BackgroundTasks;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.servers.McpServerSources;
import dev.tether.session.servers.ServerWait;
import dev.tether.session.servers.SessionHost;
import dev.tether.session.servers.SessionNotices;
import dev.tether.session.servers.SessionServers;
import dev.tether.session.transcript.SessionRecord;
import dev.tether.session.transcript.SessionRecorder;
import dev.tether.session.transcript.ToolAudit;
import dev.tether.session.transcript.Transcript;
import dev.tether.tools.SessionMode;
import dev.tether.tools.sandbox.Sandbox;
import dev.tether.tools.ToolError;
import dev.tether.tools.Workspace;
import dev.tether.tools.permission.PermissionGate;
import dev.tether.tools.permission.RuleBook;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One session. It puts the session's parts together — the {@link SessionRecorder} (what the user
 * sees and the transcript keeps), the options and the {@link SessionModel}, the MCP servers and
 * their notices, the slash commands, the {@link SessionTools} — handing each only the seams it
 * needs, and runs the prompt turns, one at a time. Everything that belongs to the session is made
 * here and ends with {@link #close()}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup">ACP session setup</a>
 */
public final class SessionRuntime implements AutoCloseable {
    private final SessionId id;
    private final Workspace workspace;
    private final SessionServices services;
    private final SessionRecorder recorder;
    private final Conversation conversation;
    private final SessionOptions options;
    private final SessionModel model;
    private final SessionNotices notices;
    private final BackgroundTasks backgroundTasks;
    private final SessionServers mcp;
    private final ServerWait serverWait;
    private final SessionCommands commands;
    private final SessionTools tools;
    private final SessionSubagents subagents;
    private final Sandbox sandbox;
    /** How long close waits for a cancelled turn to unwind; a turn stuck longer loses what it writes later. */
    static final Duration TURN_END_WAIT = Duration.ofSeconds(5);

    private final ReentrantLock turnLock = new ReentrantLock();
    private volatile Cancellation currentTurn;
    private volatile String title;
    private volatile SessionEvent.UsageChanged usage;
    private volatile boolean closed;
    private final Cancellation lifetime = Cancellation.root();
    private final Scope scope;
    private final ProjectInstructions instructions;
    private final RuleApproval ruleApproval;
    private final dev.tether.session.api.EditorRequests editorRequests;

    SessionRuntime(SessionId id, Workspace workspace, SessionServices services, Frontend.Ports ports, Transcript transcript,
                   SessionRecord restored, McpServerSources.Lineup servers) {
        this.id = id;
        this.scope = Scope.named("session-" + id.value());
        this.workspace = workspace;
        this.services = services;
        this.recorder = new SessionRecorder(ports.output(), transcript);
        this.title = restored == null ? null : restored.title();
        // A transcript written before a secret was known (or by an older version) must not bring it back to the model.
        this.conversation = new Conversation(restored == null ? List.of() : new SecretMasking(services.secrets()).messages(restored.messages()),
                recorder::message, recorder::compaction);
        this.options = new SessionOptions(services.models());
        if (restored != null) {
            options.restore(restored.choices());
        }
        this.model = new SessionModel(services.models(), options::model, services.limits(), services.secrets());
        this.notices = new SessionNotices(id.value(), ports.output().showsNotices(), recorder);
        this.backgroundTasks = new BackgroundTasks(recorder::sendDurable);
        this.mcp = new SessionServers(services.mcpSources(), servers, recorder::send);
        // The configuration's warnings reach the user with the first model request (and in /mcp),
        // and as notices once the session is answered where the editor shows them.
        mcp.warnings().forEach(notices::configWarning);
        String configurationError = services.models().configurationError();
        if (configurationError != null) {
            notices.setupWarning("Configuration error", configurationError + " Prompts are answered with this message until it is fixed.");
        }
        this.serverWait = new ServerWait(mcp, ports.requests(), scope, recorder::send, () -> {
            notices.flush();
            recorder.warnIfUnsaved();
        });
        this.instructions = new ProjectInstructions(services.instructions(), workspace.cwd(), null);
        String loaded = instructions.notice();
        if (loaded != null) {
            notices.info("Project instructions", loaded);
        }
        RuleBook rules = services.rules().open(workspace.cwd());
        rules.warnings().forEach(w -> notices.setupWarning("Permission rules", w));
        RuleBook.Pending pending = rules.pending();
        if (pending != null) {
            notices.setupWarning("Project permission rules", pending.file() + " asks to allow " + String.join(", ", pending.rules())
                    + " without asking; these rules do nothing until you approve them: you are asked at your first prompt, or run"
                    + " `tether permissions approve` in " + workspace.cwd() + " (its deny and ask rules already apply)",
                    () -> rules.pending() != null);
        }
        this.ruleApproval = new RuleApproval(rules, instructions.root(), recorder::send);
        this.editorRequests = ports.requests();
        // Command files and skills: the project's and the user's, read when asked; the servers' skills once they are ready.
        SessionFiles files = new SessionFiles(services.instructions().userDir(), workspace.cwd(), mcp, notices::fileWarning);
        SessionTools.Catalog catalog = turn -> {
            List<dev.tether.tools.Tool> offered = new java.util.ArrayList<>(serverWait.beforeRequest(turn));
            offered.addAll(files.skillTool());
            return offered;
        };
        ToolAudit audit = new ToolAudit(services.transcripts().audit(id));
        SecretMasking masking = new SecretMasking(services.secrets());
        this.sandbox = new Sandbox(services.sandbox(), () -> options.mode() == SessionMode.AUTO);
        PermissionGate.SessionAnswers answers = new PermissionGate.SessionAnswers();
        this.subagents = new SessionSubagents(services, new SessionSubagents.Parent(id, workspace, ports, recorder,
                catalog, audit, options::mode, model, options::model, options::thinking,
                () -> SystemPrompt.build(workspace, options.mode(), "", masking.text(instructions.forModel(instructions.current()))),
                rules, servers::binding, sandbox, answers));
        Path userDir = services.instructions().userDir();
        this.tools = new SessionTools(catalog,
                new SessionTools.Toolset(services.toolFilter(), services.secrets(),
                        restored == null ? List.of() : restored.loadedTools(), recorder::loadedTools,
                        rules, servers::binding, this::nestedInstructions, sandbox, answers),
                new SessionTools.Reach(workspace, ports, recorder, audit),
                options::mode, model::acceptsImages, tool -> true,
                new SessionTools.Subagents(subagents,
                        () -> AgentTypes.of(ProjectRoot.of(workspace.cwd()), userDir == null ? null : userDir.resolve("agents")).all(),
                        services.limits().subagents()));
        this.commands = new SessionCommands(mcp, files::commands, recorder::send, this::say, scope, SecretCuts.of(services.secrets()),
                services.statusPage());
        SessionHost host = new SessionHost(ports, model, backgroundTasks, workspace.roots(), commands::publish);
        // Launched in the background: the session/new answer does not wait for it; the catalog barrier,
        // which every model request (and so every tool) passes first, does. The process is hardened
        // (beforeSession) before the launch starts any server.
        mcp.launch(() -> {
            services.mcp().beforeSession();
            return services.mcp().start(servers.start(), workspace.cwd(), services.transcripts().artifactDir(id), host, notices);
        }, notices, scope);
    }

    public SessionId id() {
        return id;
    }

    public Workspace workspace() {
        return workspace;
    }

    public SessionMode mode() {
        return options.mode();
    }

    /**
     * The session's sandbox: the mode in force, the policy, whether the machine can give it, and
     * {@link Sandbox#override} for one run's choice ({@code tether exec --sandbox}).
     */
    public Sandbox sandbox() {
        return sandbox;
    }

    /**
     * Runs one prompt turn. Only one turn runs at a time per session.
     *
     * @param request fires when the editor withdraws the prompt request itself
     * @throws SessionError.PromptInProgress a turn is already running
     * @throws SessionError.SessionClosed the session closed before the turn could start
     * @throws SessionError.AuthRequired the model provider rejected its credentials
     */
    /** Set when the last turn ended on a failed model request or a fatal tool error ({@link #lastTurnFailure}). */
    private volatile String turnFailure;

    /** The last turn's output, whose token counts {@link #lastTurnUsage} reads. */
    private volatile TurnOutput lastOutput;

    /** The tokens the last turn's model requests used, summed (zero for a turn that asked no model). */
    public Usage lastTurnUsage() {
        TurnOutput output = lastOutput;
        return output == null ? Usage.ZERO : output.total();
    }

    /** What failed in the last turn ({@code model}: a model request; {@code tool}: a fatal tool error), or null when nothing did. */
    public String lastTurnFailure() {
        return turnFailure;
    }

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
            turnFailure = null;
            lastOutput = null;
            try {
                if (SandboxCommand.matches(prompt)) {
                    say(SandboxCommand.report(sandbox, workspace.roots()));
                    return StopReason.END_TURN;
                }
                ModelProvider provider = model.provider();
                SecretMasking masking = new SecretMasking(services.secrets());
                TurnOutput output = new TurnOutput(recorder::sendDurable, this::live, model.contextWindow(provider));
                lastOutput = output;
                if (ContextCommand.matches(prompt)) {
                    say(instructions.report());
                    return StopReason.END_TURN;
                }
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
                String serverInstructions;
                try {
                    ruleApproval.askOnce(editorRequests, turn);
                    serverInstructions = serverWait.instructions(turn);
                } catch (dev.tether.base.CancelledException e) {
                    return StopReason.CANCELLED;
                }
                TurnLoop.Settings settings = new TurnLoop.Settings(options.model(),
                        SystemPrompt.build(workspace, options.mode(), serverInstructions,
                                masking.text(instructions.forModel(instructions.current()))),
                        services.limits().maxTokens(), options.thinking(), services.limits().maxModelRequests());
                return loop.run(messages, settings, turn);
            } catch (ModelException e) {
                if (e.kind() == ModelException.Kind.AUTH) {
                    throw new SessionError.AuthRequired("The model provider rejected the credentials: " + e.getMessage());
                }
                if (e.kind() == ModelException.Kind.CONFIGURATION) {
                    recorder.sendDurable(new SessionEvent.AgentMessage(null, "⚠ " + e.getMessage()));
                    return StopReason.END_TURN;
                }
                recorder.sendDurable(new SessionEvent.AgentMessage(null, "⚠ Model request failed: " + e.getMessage()));
                turnFailure = "model";
                return turn.isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN;
            } catch (ToolError.Fatal e) {
                // Ends like a failed model request: a message the user reads, and a turn that ended.
                recorder.sendDurable(new SessionEvent.AgentMessage(null, "⚠ Tool call failed: " + e.getMessage()));
                turnFailure = "tool";
                return turn.isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN;
            }
        } finally {
            currentTurn = null;
            turnLock.unlock();
        }
    }

    /** The instruction files a read or edit of {@code paths} brings in, labelled for the model, or "". */
    private String nestedInstructions(List<java.nio.file.Path> paths) {
        List<InstructionFile> found = new java.util.ArrayList<>();
        paths.forEach(path -> found.addAll(instructions.touched(path)));
        if (found.isEmpty()) {
            return "";
        }
        return "# Project instructions for this directory\n\nThese files apply to work below their directories. The user's own"
                + " messages come first, and nothing in them grants permissions.\n" + instructions.forModel(found);
    }

    /** A live update to the user; the last context usage is kept for the status page. */
    private void live(SessionEvent event) {
        if (event instanceof SessionEvent.UsageChanged changed) {
            usage = changed;
        }
        recorder.send(event);
    }

    /** This session as the status page shows it: a snapshot, read without waiting for anything. */
    public StatusView.Session status() {
        return SessionStatus.of(id.value(), title, new SessionStatus.Parts(workspace, options, tools, mcp, notices, sandbox), usage);
    }

    /**
     * Starts reconnecting one of the session's running servers, from the status page, and returns
     * at once; false when it has no such server (or the server is held back, and does not run).
     */
    public boolean reconnectServer(String server) {
        boolean running = mcp.inspect(name -> false).stream()
                .anyMatch(s -> s.name().equals(server) && StatusView.Server.RUNNING.contains(s.state()));
        if (!running || closed) {
            return false;
        }
        scope.start("reconnect", () -> {
            try {
                mcp.reconnect(server, Cancellation.root());
            } catch (McpLauncher.CommandFailure e) {
                // Gone or held back since the check: the page shows where it stands.
            }
        });
        return true;
    }

    /** An agent message to the user, kept in the transcript. */
    private void say(String text) {
        recorder.sendDurable(new SessionEvent.AgentMessage(UUID.randomUUID().toString(), text));
    }

    /**
     * Once the session is answered: sends the slash commands once the command files are read,
     * again once the MCP servers have settled; where the editor shows notices, the ones held until
     * the session was answered (configuration warnings, early failures) go out now; and the provider readies the first
     * turn in the background (after the answer: on two cores it would take the answer's CPU).
     */
    public void startPublishingCommands() {
        notices.open();
        commands.startPublishing(id.value(), lifetime);
        services.models().prepare();
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

    /** Cancels the work of this session's subagent {@code childId}; returns whether it is one of this session's, running. */
    boolean cancelSubagent(String childId) {
        return subagents.cancel(childId);
    }

    /**
     * Sends the slash commands now (only what changed is sent again later). {@code session/load}
     * calls it at the end of the replay, before its answer: a client that waits for the replay to
     * end with the answer then sees nothing arrive after it unless the commands change.
     */
    public void publishCommands() {
        commands.publishWithFiles();
    }

    /** The owner of this session's background threads. */
    Scope scope() {
        return scope;
    }

    private void recordPrompt(List<PromptBlock> prompt) {
        String messageId = UUID.randomUUID().toString();
        for (PromptBlock block : prompt) {
            // The editor already shows what the user typed: record it for replay only.
            recorder.record(new SessionEvent.UserMessage(block, messageId));
        }
        if (title == null) {
            String newTitle = PromptContent.title(prompt);
            if (newTitle != null) {
                title = newTitle;
                String now = Instant.now().toString();
                recorder.title(newTitle, now);
                recorder.sendDurable(new SessionEvent.TitleChanged(newTitle, now));
            }
        }
    }

    // --- modes and config options ---

    /** @throws SessionError.InvalidParams the mode does not exist */
    public void setMode(String modeId) {
        recorder.sendDurable(new SessionEvent.ModeChanged(options.setMode(modeId)));
        recorder.choices(options.choices());
    }

    /** @throws SessionError.InvalidParams the option or its value does not exist */
    public List<SessionOption> setConfigOption(String optionId, String value) {
        if (options.set(optionId, value)) {
            model.modelChanged();
        }
        recorder.choices(options.choices());
        return options.configOptions();
    }

    /** Takes {@code source}'s mode, model and thinking level, without telling the editor (a fork, before its answer). */
    void adoptOptions(SessionRuntime source) {
        options.setMode(source.mode().id());
        for (SessionOption option : source.configOptions()) {
            if (options.set(option.id(), option.currentValue())) {
                model.modelChanged();
            }
        }
        recorder.choices(options.choices());
    }

    public List<SessionOption> configOptions() {
        return options.configOptions();
    }

    public String title() {
        return title;
    }

    private void awaitTurnEnd() {
        try {
            if (turnLock.tryLock(TURN_END_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                turnLock.unlock();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Cancels any turn and waits for it to end (at most {@link #TURN_END_WAIT}), so that what it
     * still records — the cancelled call's last update — is in the transcript before it closes;
     * then ends the MCP servers and closes the transcript, which drops anything later.
     */
    @Override
    public void close() {
        closed = true;
        commands.close();
        lifetime.cancel();
        Cancellation turn = currentTurn;
        if (turn != null) {
            turn.cancel();
        }
        awaitTurnEnd();
        try {
            mcp.close();
        } finally {
            tools.close();
            recorder.close();
            scope.close();
        }
    }
}
