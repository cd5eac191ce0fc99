package dev.tether.session.servers;

import dev.tether.base.Cancellation;
import dev.tether.base.Scope;
import dev.tether.session.api.EditorRequests;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A turn's wait for the session's MCP servers at the catalog barrier, as the user lives it. Before
 * each model request the workspace servers waiting for approval are asked about first (once per
 * session: an allowed one starts, and is waited for), then the barrier is passed — a wait the user
 * would notice is explained while it lasts — and then what the servers' start left to tell the
 * user is shown. The servers' instructions are read after the barrier too, so servers still
 * starting when the prompt came are waited for, as for their tools.
 */
public final class ServerWait {
    /** How long the barrier may wait before the user is told that MCP servers are still starting. */
    static final Duration NOTICE_AFTER = Duration.ofSeconds(1);

    private final SessionServers servers;
    private final EditorRequests editor;
    private final Scope scope;
    private final Consumer<SessionEvent> live;
    private final Runnable afterWait;
    /** The servers the user was told went on starting without a turn; each is said once per session. */
    private final java.util.Set<String> toldStillStarting = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * @param editor    asks the user about the servers waiting for approval
     * @param scope     where the explaining runs while the barrier waits
     * @param live      shows an update that is not kept
     * @param afterWait shows what is held for the user once the barrier let a request through
     */
    public ServerWait(SessionServers servers, EditorRequests editor, Scope scope, Consumer<SessionEvent> live, Runnable afterWait) {
        this.servers = servers;
        this.editor = editor;
        this.scope = scope;
        this.live = live;
        this.afterWait = afterWait;
    }

    /**
     * The servers' tools for a model request.
     *
     * @throws dev.tether.base.CancelledException the turn was cancelled while asking or waiting
     */
    public List<Tool> beforeRequest(Cancellation turn) {
        servers.askApprovals(editor, turn);
        List<Tool> tools = awaitTools(turn);
        afterWait.run();
        return tools;
    }

    /**
     * The instructions of the servers the user lets instruct the model, after the barrier.
     *
     * @throws dev.tether.base.CancelledException the turn was cancelled while waiting
     */
    public String instructions(Cancellation turn) {
        awaitTools(turn);
        return servers.instructions();
    }

    /** The catalog barrier; a wait the user would notice is explained while it lasts. */
    private List<Tool> awaitTools(Cancellation cancellation) {
        AtomicBoolean done = new AtomicBoolean();
        Thread notice = scope.start("mcp-wait-notice", () -> {
            try {
                Thread.sleep(NOTICE_AFTER);
            } catch (InterruptedException e) {
                return;
            }
            if (!done.get()) {
                live.accept(new SessionEvent.AgentThought(null, "Waiting for MCP servers to start…\n"));
            }
        });
        long started = System.nanoTime();
        try {
            List<Tool> tools = servers.awaitTools(cancellation);
            if (System.nanoTime() - started >= NOTICE_AFTER.toNanos()) {
                tellStillStarting();
            }
            return tools;
        } finally {
            done.set(true);
            notice.interrupt();
        }
    }

    /**
     * After a wait the user noticed: the servers the barrier stopped waiting for, named, so that a turn
     * without their tools is not a mystery (their tools come once they are ready).
     */
    private void tellStillStarting() {
        for (var server : servers.status()) {
            if ((server.state().equals("connecting") || server.state().equals("starting")) && toldStillStarting.add(server.name())) {
                live.accept(new SessionEvent.AgentMessage(null, "⚠ MCP server `" + server.name() + "` is still starting; this turn"
                        + " goes on without its tools, which come once it is ready (`/mcp` shows it).\n\n"));
            }
        }
    }
}
