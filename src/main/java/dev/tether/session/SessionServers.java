package dev.tether.session;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.model.ModelMessage;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's MCP servers as the user sees them: the running ones (delegated to the launcher's
 * {@link McpLauncher.Servers}) and the ones held back (disabled, blocked by the managed policy,
 * rejected, or waiting for the user's approval), with the configuration's warnings. Workspace
 * servers waiting for approval are asked about once per session, before the first model request:
 * a {@code session/request_permission} showing the whole entry and the file ({@link ApprovalQuestion});
 * an allowed server starts at once.
 */
final class SessionServers implements McpLauncher.Servers {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionServers.class);
    }

    /** The most of one configuration warning shown. */
    static final int MAX_WARNING_BYTES = 4000;

    private final McpLauncher.Servers running;
    private final McpServerSources sources;
    private final List<McpServerSources.Held> held;
    private final List<String> warnings;
    private final Consumer<SessionEvent> show;
    private boolean asked;

    /** @param show sends a live update to the user */
    SessionServers(McpLauncher.Servers running, McpServerSources sources, McpServerSources.Lineup lineup, Consumer<SessionEvent> show) {
        this.running = running;
        this.sources = sources;
        this.held = new ArrayList<>(lineup.held());
        // A warning can quote a command line or a URL (an editor's server that is refused a policy): credentials masked.
        this.warnings = lineup.warnings().stream().map(w -> Redactor.redactLines(UnicodeSanitizer.clean(w), MAX_WARNING_BYTES)).toList();
        this.show = show;
    }

    /** The configuration's warnings, for the user. */
    List<String> warnings() {
        return warnings;
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
                running.add(server.spec());
            }
            case REJECT -> {
                remember(server, false);
                replace(server, McpServerSources.Held.REJECTED, "you rejected it for this project; to allow it, " + how);
            }
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

    // --- McpLauncher.Servers: the running servers, plus the held ones in status and notes ---

    @Override
    public List<Tool> awaitTools(Cancellation cancellation) {
        return running.awaitTools(cancellation);
    }

    @Override
    public String instructions() {
        return running.instructions();
    }

    @Override
    public List<McpLauncher.PromptCommand> prompts() {
        return running.prompts();
    }

    @Override
    public List<ModelMessage> getPrompt(String server, String prompt, Map<String, String> arguments, Cancellation cancellation)
            throws McpLauncher.CommandFailure {
        return running.getPrompt(server, prompt, arguments, cancellation);
    }

    @Override
    public List<McpLauncher.ServerSummary> status() {
        List<McpLauncher.ServerSummary> all = new ArrayList<>(running.status());
        synchronized (this) {
            for (McpServerSources.Held h : held) {
                all.add(new McpLauncher.ServerSummary(clean(h.name()), h.state(), transport(h.spec()), 0, 0, 0, clean(h.why())));
            }
        }
        return all;
    }

    @Override
    public List<String> notes() {
        return warnings;
    }

    @Override
    public void reconnect(String server) throws McpLauncher.CommandFailure {
        notHeld(server);
        running.reconnect(server);
    }

    @Override
    public void refresh(String server, Cancellation cancellation) throws McpLauncher.CommandFailure {
        notHeld(server);
        running.refresh(server, cancellation);
    }

    @Override
    public String logs(String server) throws McpLauncher.CommandFailure {
        notHeld(server);
        return running.logs(server);
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
        return running.add(spec);
    }

    @Override
    public void close() {
        running.close();
    }
}
