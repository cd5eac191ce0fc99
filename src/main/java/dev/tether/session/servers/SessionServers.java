package dev.tether.session.servers;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.base.Scope;
import dev.tether.http.status.StatusView;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.skills.McpSkill;
import dev.tether.model.ModelMessage;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.session.api.EditorRequests;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's MCP servers as the user sees them: the running ones (the launcher's
 * {@link McpLauncher.Servers}) and the ones held back (disabled, blocked by the managed policy,
 * rejected, or waiting for the user's approval), with the configuration's warnings.
 *
 * <p>The launch runs on the session's {@link Scope}, so that {@code session/new} answers without
 * waiting for it: the first use of the MCP runtime on a process builds its shared parts and
 * hardens the process, and each launch spawns the server processes. Everything that needs the
 * running servers waits for the launch first — the catalog barrier a model request already waits
 * at, the prompts, {@code /mcp}, an approved server being added — and {@link #close()} waits for
 * it too, so a session closed right after it was created still ends every server it started. A
 * launch that fails is reported for each of its servers, as a server that failed to start is, and
 * the session goes on without them.
 *
 * <p>Workspace servers waiting for approval are asked about once per session, before the first
 * model request: a {@code session/request_permission} showing the whole entry and the file
 * ({@link ApprovalQuestion}); an allowed server starts at once.
 */
public final class SessionServers implements McpLauncher.Servers {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionServers.class);
    }

    /** The most of one configuration warning shown. */
    static final int MAX_WARNING_BYTES = 4000;
    /** How long {@link #close()} waits for a launch still under way (it only spawns and returns). */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private final CompletableFuture<McpLauncher.Servers> launch = new CompletableFuture<>();
    private final List<McpServerSpec> starting;
    private final McpServerSources sources;
    private final List<McpServerSources.Held> held;
    private final List<String> warnings;
    private final Consumer<SessionEvent> show;
    private boolean asked;

    /**
     * @param sources remembers the user's answers about workspace servers
     * @param lineup  the servers to launch, the ones held back, and the configuration's warnings
     * @param show    sends a live update to the user
     */
    public SessionServers(McpServerSources sources, McpServerSources.Lineup lineup, Consumer<SessionEvent> show) {
        this.starting = lineup.start();
        this.sources = sources;
        this.held = new ArrayList<>(lineup.held());
        // A warning can quote a command line or a URL (an editor's server that is refused a policy): credentials masked.
        this.warnings = lineup.warnings().stream().map(w -> Redactor.redactLines(UnicodeSanitizer.clean(w), MAX_WARNING_BYTES)).toList();
        this.show = show;
    }

    /** The configuration's warnings, for the user. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Starts the launch of the lineup's servers on {@code scope} and returns at once; called once,
     * when the session's parts are made.
     *
     * @param launcher starts the servers and returns them (the MCP launcher's {@code start})
     * @param listener where a failed launch is reported, for each of its servers
     */
    public void launch(Supplier<McpLauncher.Servers> launcher, McpLauncher.Listener listener, Scope scope) {
        Thread thread = scope.start("mcp-launch", () -> {
            try {
                launch.complete(launcher.get());
            } catch (RuntimeException | Error e) {
                String reason = "the MCP runtime could not start: " + Redactor.redact(String.valueOf(e.getMessage()));
                log().warn("{}", reason);
                log().debug("the MCP launch failed", e);
                // Reported before the launch completes: a turn waiting for it must find the failures.
                starting.forEach(s -> listener.serverFailed(s.name(), reason));
                launch.complete(NONE);
            }
        });
        if (!thread.isAlive() && !launch.isDone()) {
            // The scope was closed already: nothing may start for this session.
            launch.complete(NONE);
        }
    }

    /** The launched servers; waits for the launch, or throws {@link CancelledException} when cancelled first. */
    private McpLauncher.Servers running(Cancellation cancellation) {
        if (launch.isDone()) {
            return launch.join();
        }
        CompletableFuture<McpLauncher.Servers> waited = launch.copy();
        try (Cancellation.Registration ignored = cancellation.onCancel(() -> waited.cancel(false))) {
            return waited.join();
        } catch (CancellationException e) {
            throw new CancelledException();
        }
    }

    private McpLauncher.Servers running() {
        return launch.join();
    }

    /**
     * Asks the user about every workspace server waiting for approval, once per session (a cancelled
     * turn asks again at the next prompt). Allowed servers start; the answers are remembered per project.
     *
     * @throws CancelledException the turn was cancelled while asking
     */
    void askApprovals(EditorRequests editor, Cancellation turn) {
        List<McpServerSources.Held> waiting;
        synchronized (this) {
            if (asked) {
                return;
            }
            asked = true;
            waiting = held.stream().filter(h -> h.approval() != null && h.spec() != null).toList();
        }
        try {
            for (McpServerSources.Held server : waiting) {
                ask(server, editor, turn);
            }
        } catch (CancelledException e) {
            synchronized (this) {
                asked = false;
            }
            throw e;
        }
    }

    private void ask(McpServerSources.Held server, EditorRequests editor, Cancellation turn) {
        String callId = "mcp-approval-" + UUID.randomUUID();
        ToolCallView view = ApprovalQuestion.view(server);
        show.accept(new SessionEvent.ToolCallStarted(callId, view, ApprovalQuestion.rawInput(server)));
        EditorRequests.ServerAnswer answer;
        String how = "run `tether mcp approve " + server.name() + "` in " + server.approval().project();
        try {
            answer = editor.approveServer(callId, view, turn);
        } catch (CancelledException e) {
            show.accept(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
            throw e;
        } catch (HostFailure e) {
            show.accept(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.FAILED));
            replace(server, McpServerSources.Held.NEEDS_APPROVAL, "not approved: the editor could not ask you (" + e.getMessage() + "); " + how);
            return;
        }
        switch (answer) {
            case ALLOW_FOR_PROJECT -> {
                remember(server, true);
                synchronized (this) {
                    held.remove(server);
                }
                running().add(server.spec());
            }
            case REJECT -> {
                remember(server, false);
                replace(server, McpServerSources.Held.REJECTED, "you rejected it for this project; to allow it, " + how);
            }
            case REJECT_ONCE -> replace(server, McpServerSources.Held.NEEDS_APPROVAL,
                    "not started in this session (not now); nothing was remembered: a new session asks again, or " + how);
            case DISMISSED -> replace(server, McpServerSources.Held.NEEDS_APPROVAL,
                    "not approved (the question was dismissed); a new session asks again, or " + how);
        }
        show.accept(SessionEvent.ToolCallUpdated.status(callId, answer == EditorRequests.ServerAnswer.ALLOW_FOR_PROJECT
                ? SessionEvent.CallStatus.COMPLETED : SessionEvent.CallStatus.FAILED));
    }

    private void remember(McpServerSources.Held server, boolean allowed) {
        try {
            sources.remember(server.approval(), server.name(), allowed);
        } catch (McpLauncher.CommandFailure e) {
            log().warn("the answer about MCP server {} holds for this session only: {}", server.name(), e.getMessage());
        }
    }

    private synchronized void replace(McpServerSources.Held server, String state, String why) {
        int at = held.indexOf(server);
        if (at >= 0) {
            held.set(at, new McpServerSources.Held(server.name(), server.spec(), state, why, null));
        }
    }

    static String transport(McpServerSpec spec) {
        return switch (spec) {
            case null -> "—";
            case McpServerSpec.Stdio s -> "stdio";
            case McpServerSpec.Http h -> "http";
            case McpServerSpec.Sse s -> "sse";
            case McpServerSpec.WebSocket w -> "ws";
        };
    }

    private static String clean(String text) {
        return UnicodeSanitizer.clean(text);
    }

    // --- McpLauncher.Servers: the running servers once launched, plus the held ones in status and notes ---

    @Override
    public List<Tool> awaitTools(Cancellation cancellation) {
        return running(cancellation).awaitTools(cancellation);
    }

    @Override
    public String instructions() {
        return running().instructions();
    }

    @Override
    public List<McpLauncher.PromptCommand> prompts() {
        return running().prompts();
    }

    @Override
    public List<ModelMessage> getPrompt(String server, String prompt, Map<String, String> arguments, Cancellation cancellation)
            throws McpLauncher.CommandFailure {
        return running(cancellation).getPrompt(server, prompt, arguments, cancellation);
    }

    @Override
    public List<McpSkill> skills() {
        return running().skills();
    }

    @Override
    public McpSkill.Loaded loadSkill(McpSkill skill, Cancellation cancellation) throws McpLauncher.CommandFailure {
        return running(cancellation).loadSkill(skill, cancellation);
    }

    @Override
    public String readSkillFile(McpSkill held, String path, Cancellation cancellation) throws McpLauncher.CommandFailure {
        return running(cancellation).readSkillFile(held, path, cancellation);
    }

    @Override
    public List<McpLauncher.ServerSummary> status() {
        List<McpLauncher.ServerSummary> all = new ArrayList<>(running().status());
        synchronized (this) {
            for (McpServerSources.Held h : held) {
                all.add(new McpLauncher.ServerSummary(clean(h.name()), h.state(), transport(h.spec()), 0, 0, 0, clean(h.why())));
            }
        }
        return all;
    }

    /** The running servers (those still starting as connecting), then the held ones; never waits for the launch. */
    @Override
    public List<StatusView.Server> inspect(Predicate<String> deferred) {
        List<StatusView.Server> all = new ArrayList<>();
        McpLauncher.Servers launched = launch.getNow(null);
        if (launched != null) {
            all.addAll(launched.inspect(deferred));
        } else {
            starting.forEach(spec -> all.add(StatusViews.starting(spec)));
        }
        synchronized (this) {
            held.forEach(h -> all.add(StatusViews.held(h)));
        }
        return all;
    }

    @Override
    public List<StatusView.Task> tasks() {
        McpLauncher.Servers launched = launch.getNow(null);
        return launched == null ? List.of() : launched.tasks();
    }

    @Override
    public List<String> notes() {
        return warnings;
    }

    @Override
    public McpLauncher.ServerSummary reconnect(String server, Cancellation cancellation) throws McpLauncher.CommandFailure {
        notHeld(server);
        return running(cancellation).reconnect(server, cancellation);
    }

    @Override
    public void refresh(String server, Cancellation cancellation) throws McpLauncher.CommandFailure {
        notHeld(server);
        running(cancellation).refresh(server, cancellation);
    }

    @Override
    public String logs(String server) throws McpLauncher.CommandFailure {
        notHeld(server);
        return running().logs(server);
    }

    private void notHeld(String server) throws McpLauncher.CommandFailure {
        synchronized (this) {
            for (McpServerSources.Held h : held) {
                if (h.name().equals(server)) {
                    throw new McpLauncher.CommandFailure("`" + clean(server) + "` is not running (" + h.state() + "): " + clean(h.why()));
                }
            }
        }
    }

    @Override
    public boolean add(McpServerSpec spec) {
        return running().add(spec);
    }

    /** Waits (bounded) for a launch under way, then ends its servers; a later launch is closed when it lands. */
    @Override
    public void close() {
        McpLauncher.Servers servers;
        try {
            servers = launch.get(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            launch.thenAccept(McpLauncher.Servers::close);
            return;
        } catch (TimeoutException | ExecutionException | CompletionException e) {
            log().warn("the session's MCP launch had not ended after {}; its servers are closed when it does", CLOSE_WAIT);
            launch.thenAccept(McpLauncher.Servers::close);
            return;
        }
        servers.close();
    }

    /** No servers: what a failed launch leaves. */
    private static final McpLauncher.Servers NONE = new McpLauncher.Servers() {
        @Override
        public List<Tool> awaitTools(Cancellation cancellation) {
            return List.of();
        }

        @Override
        public void close() {}
    };
}
