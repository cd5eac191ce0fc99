package dev.tether.session;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.base.Scope;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.model.ModelMessage;
import dev.tether.security.Redactor;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's MCP servers whose launch runs on the session's {@link Scope}, so that
 * {@code session/new} answers without waiting for it: the first use of the MCP runtime on a
 * process builds its shared parts and hardens the process, and each launch spawns the server
 * processes. Everything that needs the servers waits for the launch first — the catalog barrier
 * a model request already waits at, the prompts, {@code /mcp}, an approved server being added
 * — and {@link #close()} waits for it too, so a session closed right after it was created still
 * ends every server it started. A launch that fails is reported for each of its servers, as a
 * server that failed to start is, and the session goes on without them.
 */
final class LaunchedServers implements McpLauncher.Servers {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(LaunchedServers.class);
    }
    /** How long {@link #close()} waits for a launch still under way (it only spawns and returns). */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

    private final CompletableFuture<McpLauncher.Servers> launch = new CompletableFuture<>();

    /**
     * Starts {@code launcher} on {@code scope}.
     *
     * @param servers  the servers being launched, to report a failed launch for each
     * @param listener where a failed launch is reported
     */
    LaunchedServers(Supplier<McpLauncher.Servers> launcher, List<McpServerSpec> servers, McpLauncher.Listener listener, Scope scope) {
        Thread thread = scope.start("mcp-launch", () -> {
            try {
                launch.complete(launcher.get());
            } catch (RuntimeException | Error e) {
                String reason = "the MCP runtime could not start: " + Redactor.redact(String.valueOf(e.getMessage()));
                log().warn("{}", reason);
                log().debug("the MCP launch failed", e);
                // Reported before the launch completes: a turn waiting for it must find the failures.
                servers.forEach(s -> listener.serverFailed(s.name(), reason));
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
    public List<McpLauncher.ServerSummary> status() {
        return running().status();
    }

    @Override
    public void reconnect(String server) throws McpLauncher.CommandFailure {
        running().reconnect(server);
    }

    @Override
    public void refresh(String server, Cancellation cancellation) throws McpLauncher.CommandFailure {
        running(cancellation).refresh(server, cancellation);
    }

    @Override
    public String logs(String server) throws McpLauncher.CommandFailure {
        return running().logs(server);
    }

    @Override
    public boolean add(McpServerSpec spec) {
        return running().add(spec);
    }

    @Override
    public List<String> notes() {
        return running().notes();
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
