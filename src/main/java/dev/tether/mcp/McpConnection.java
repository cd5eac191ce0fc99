package dev.tether.mcp;

import dev.tether.agent.Cancellation;
import dev.tether.agent.CancelledException;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.ServerStatus.State;
import dev.tether.mcp.transport.HttpTransport;
import dev.tether.mcp.transport.StdioTransport;
import dev.tether.security.Redactor;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * One MCP server of a session: connecting → ready | failed, and ready → disconnected when the
 * connection ends. Each connect and close bumps the generation; a result that arrives for an
 * older generation is dropped. Failures are kept as a redacted reason and never thrown out of
 * {@link #connect()}.
 */
public final class McpConnection {
    private static final Logger LOG = LoggerFactory.getLogger(McpConnection.class);

    private final McpServerSpec spec;
    private final McpRuntimeOptions options;
    private final McpRuntimeListener listener;
    private final Cancellation lifetime = Cancellation.root();
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private final AtomicBoolean refreshAgain = new AtomicBoolean();
    private final Object lock = new Object();
    private State state = State.CONNECTING;
    private String reason;
    private int generation;
    private MessageChannel transport;
    private McpClientSession session;
    private List<McpToolInfo> tools = List.of();

    McpConnection(McpServerSpec spec, McpRuntimeOptions options, McpRuntimeListener listener) {
        this.spec = spec;
        this.options = options;
        this.listener = listener;
    }

    public String name() {
        return spec.name();
    }

    /** Connects, initialises and lists tools. Blocking; never throws. */
    void connect() {
        int gen;
        synchronized (lock) {
            gen = ++generation;
            state = State.CONNECTING;
        }
        try {
            MessageChannel channel = open();
            McpClientSession client = new McpClientSession(spec.name(), channel, this::scheduleRefresh);
            synchronized (lock) {
                if (gen != generation) {
                    channel.close();
                    return;
                }
                transport = channel;
                session = client;
            }
            McpClientSession.Initialized init = client.initialize(options.clientVersion(), options.connectTimeout(), lifetime);
            List<McpToolInfo> listed = client.listTools(options.listTimeout(), lifetime);
            synchronized (lock) {
                if (gen != generation) {
                    return;
                }
                tools = listed;
                state = State.READY;
            }
            LOG.info("mcp {}: ready ({} tools, protocol {})", spec.name(), listed.size(), init.protocolVersion());
            client.closed().thenRun(() -> disconnected(gen));
            listener.serverReady(spec.name(), listed.size());
            settled.complete(null);
        } catch (McpException | IOException | CancelledException | java.io.UncheckedIOException e) {
            fail(gen, e instanceof CancelledException ? "connection closed while starting" : e.getMessage());
        } catch (RuntimeException e) {
            LOG.debug("mcp {}: unexpected failure", spec.name(), e);
            fail(gen, "unexpected error: " + e.getClass().getSimpleName());
        }
    }

    private MessageChannel open() throws IOException {
        return switch (spec) {
            case McpServerSpec.Stdio stdio -> StdioTransport.launch(stdio, options.defaultCwd(), options.hostEnv());
            case McpServerSpec.Http http -> new HttpTransport(http, options.connectTimeout());
            case McpServerSpec.Sse sse -> throw new McpException("legacy HTTP+SSE servers are not supported; use streamable HTTP");
        };
    }

    private void fail(int gen, String why) {
        String redacted = Redactor.redact(withDiagnostics(why));
        MessageChannel channel;
        synchronized (lock) {
            if (gen != generation) {
                return;
            }
            state = State.FAILED;
            reason = redacted;
            tools = List.of();
            channel = transport;
        }
        if (channel != null) {
            channel.close();
        }
        LOG.warn("mcp {}: failed: {}", spec.name(), redacted);
        listener.serverFailed(spec.name(), redacted);
        settled.complete(null);
    }

    private void disconnected(int gen) {
        String redacted = Redactor.redact(withDiagnostics("the connection to the server ended"));
        synchronized (lock) {
            if (gen != generation || state != State.READY) {
                return;
            }
            state = State.DISCONNECTED;
            reason = redacted;
            tools = List.of();
        }
        LOG.warn("mcp {}: {}", spec.name(), redacted);
        listener.serverFailed(spec.name(), redacted);
        listener.toolsChanged();
    }

    private String withDiagnostics(String why) {
        if (transport instanceof StdioTransport stdio) {
            String tail = stdio.stderrTail().strip();
            if (!tail.isEmpty()) {
                String last = tail.substring(tail.lastIndexOf('\n') + 1);
                return why + " (stderr: " + last + ")";
            }
        }
        return why;
    }

    /** Coalesces list_changed notifications into one refresh at a time; a failed refresh keeps the last good list. */
    private void scheduleRefresh() {
        refreshAgain.set(true);
        if (!refreshing.compareAndSet(false, true)) {
            return;
        }
        Thread.ofVirtual().name("mcp-" + spec.name() + "-refresh").start(() -> {
            try {
                while (refreshAgain.getAndSet(false)) {
                    refreshOnce();
                }
            } finally {
                refreshing.set(false);
            }
        });
    }

    private void refreshOnce() {
        McpClientSession client;
        int gen;
        synchronized (lock) {
            if (state != State.READY) {
                return;
            }
            client = session;
            gen = generation;
        }
        try {
            List<McpToolInfo> listed = client.listTools(options.listTimeout(), lifetime);
            synchronized (lock) {
                if (gen != generation || state != State.READY) {
                    return;
                }
                tools = listed;
            }
            listener.toolsChanged();
        } catch (McpException | CancelledException e) {
            LOG.warn("mcp {}: tool list refresh failed, keeping the last list: {}", spec.name(), Redactor.redact(e.getMessage()));
        }
    }

    /** Waits for nothing; completes when the first connect attempt has settled (ready or failed). */
    CompletableFuture<Void> settled() {
        return settled;
    }

    public ServerStatus status() {
        synchronized (lock) {
            McpClientSession.Initialized init = session == null ? null : session.initialized();
            return new ServerStatus(spec.name(), state, reason, tools.size(),
                    init == null ? null : init.protocolVersion(), generation);
        }
    }

    List<McpToolInfo> tools() {
        synchronized (lock) {
            return state == State.READY ? tools : List.of();
        }
    }

    /** The last stderr lines of a stdio server, or "". */
    public String stderrTail() {
        return transport instanceof StdioTransport stdio ? stdio.stderrTail() : "";
    }

    /** How many non-JSON stdout lines a stdio server printed. */
    public long malformedLines() {
        return transport instanceof StdioTransport stdio ? stdio.malformedCount() : 0;
    }

    /**
     * Calls a tool of this server.
     *
     * @throws McpException       not ready, error answer, timeout, connection ended, or a stale generation
     * @throws CancelledException {@code cancellation} fired
     */
    McpCallResult call(String tool, JsonNode arguments, Cancellation cancellation, Consumer<McpProgress> progress) {
        McpClientSession client;
        int gen;
        synchronized (lock) {
            if (state != State.READY) {
                throw new McpException("server \"" + spec.name() + "\" is not connected"
                        + (reason == null ? "" : ": " + reason));
            }
            client = session;
            gen = generation;
        }
        McpRuntimeOptions.CallTimeouts limits = options.callTimeoutsFor(spec.name());
        try (Cancellation callCancellation = cancellation.child();
             Cancellation.Registration ignored = lifetime.onCancel(callCancellation::cancel)) {
            McpCallResult result = client.callTool(tool, arguments,
                    new McpClientSession.CallLimits(limits.idle(), limits.total()), callCancellation, progress);
            synchronized (lock) {
                if (gen != generation) {
                    throw new McpException("the server was reconnected during the call; its result was dropped");
                }
            }
            return result;
        } catch (McpException e) {
            if (client.isClosed()) {
                disconnected(gen); // settle the state now, not when the close callback runs
            }
            throw e;
        } catch (CancelledException e) {
            if (!cancellation.isCancelled()) {
                throw new McpException("the server connection was closed during the call");
            }
            throw e;
        }
    }

    /** Ends the server (its process tree, for stdio). Bumps the generation. */
    void close() {
        MessageChannel channel;
        McpClientSession client;
        synchronized (lock) {
            generation++;
            if (state == State.CONNECTING || state == State.READY) {
                state = State.DISCONNECTED;
                reason = "closed";
            }
            tools = List.of();
            channel = transport;
            client = session;
        }
        lifetime.cancel();
        if (client != null) {
            client.close();
        }
        if (channel != null) {
            channel.close();
        }
        settled.complete(null);
    }
}
