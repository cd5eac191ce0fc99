package dev.tether.session.servers;

import dev.tether.base.Cancellation;
import dev.tether.context.skills.SkillTool;
import dev.tether.http.status.StatusView;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerRoots;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.interaction.logs.ServerLogs;
import dev.tether.mcp.skills.McpSkill;
import dev.tether.model.ModelMessage;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A session's {@link McpRuntime} behind the {@link McpLauncher.Servers} seam, in the session's
 * words: prompts as slash commands can offer them, one summary line per server, a server's logs
 * as text, MCP errors as {@link McpLauncher.CommandFailure}s for the user. The composition root's
 * launcher builds the runtime (options, OAuth, policies) and returns it wrapped in this;
 * {@link SessionServers} is the session's one layer over it.
 */
public final class RuntimeServers implements McpLauncher.Servers {
    private final McpRuntime runtime;
    private final Map<String, McpServerSpec> specs;
    private final Duration startupTimeout;
    /** How long {@code /mcp reconnect} waits for the outcome (a connect's own steps time out sooner, but may add up). */
    static final Duration RECONNECT_WAIT = Duration.ofSeconds(60);

    public RuntimeServers(McpRuntime runtime, List<McpServerSpec> specs, Duration startupTimeout) {
        this.runtime = runtime;
        this.specs = new java.util.concurrent.ConcurrentHashMap<>(
                specs.stream().collect(Collectors.toMap(McpServerSpec::name, Function.identity(), (a, b) -> b)));
        this.startupTimeout = startupTimeout;
    }

    @Override
    public List<Tool> awaitTools(Cancellation cancellation) {
        return runtime.awaitTools(startupTimeout, cancellation);
    }

    @Override
    public String instructions() {
        return runtime.trustedInstructions();
    }

    @Override
    public List<McpLauncher.PromptCommand> prompts() {
        return runtime.prompts().stream().map(p -> new McpLauncher.PromptCommand(p.server(), p.name(),
                p.title() != null && (p.description() == null || p.description().isBlank()) ? p.title() : p.description(),
                p.arguments().stream().map(a -> new McpLauncher.PromptCommand.Argument(a.name(), a.description(), a.required())).toList()))
                .toList();
    }

    @Override
    public List<ModelMessage> getPrompt(String server, String prompt, Map<String, String> arguments, Cancellation cancellation)
            throws McpLauncher.CommandFailure {
        known(server);
        try {
            return runtime.getPrompt(server, prompt, arguments, cancellation);
        } catch (McpError e) {
            throw new McpLauncher.CommandFailure(e.getMessage());
        }
    }

    @Override
    public List<McpSkill> skills() {
        return runtime.skills();
    }

    @Override
    public McpSkill.Loaded loadSkill(McpSkill skill, Cancellation cancellation) throws McpLauncher.CommandFailure {
        known(skill.server());
        try {
            return runtime.loadSkill(skill, SkillTool.NAME, cancellation);
        } catch (McpError e) {
            throw new McpLauncher.CommandFailure(e.getMessage());
        }
    }

    @Override
    public String readSkillFile(McpSkill held, String path, Cancellation cancellation) throws McpLauncher.CommandFailure {
        known(held.server());
        try {
            return runtime.readSkillFile(held, path, cancellation);
        } catch (McpError e) {
            throw new McpLauncher.CommandFailure(e.getMessage());
        }
    }

    @Override
    public List<McpLauncher.ServerSummary> status() {
        return runtime.status().stream().map(this::summary).toList();
    }

    private McpLauncher.ServerSummary summary(ServerStatus status) {
        String transport = SessionServers.transport(specs.get(status.name()));
        ServerRoots roots = runtime.roots(status.name());
        return new McpLauncher.ServerSummary(status.name(), status.state().name().toLowerCase(Locale.ROOT), transport,
                status.toolCount(), status.resourceCount() + status.templateCount(), status.promptCount(), status.protocolVersion(),
                status.reason() != null ? status.reason() : runtime.withheldTools(status.name()),
                roots.exposed() ? "yes" : "no", roots.needed());
    }

    /**
     * Reconnects on a thread of its own and waits for the outcome at most {@link #RECONNECT_WAIT}
     * or until {@code cancellation} fires; a connect still under way then goes on in the background.
     */
    @Override
    public List<StatusView.Server> inspect(Predicate<String> deferred) {
        return runtime.inspect().stream().map(report -> StatusViews.server(report, specs.get(report.status().name()), deferred)).toList();
    }

    @Override
    public List<StatusView.Task> tasks() {
        return runtime.tasksInFlight().stream().map(StatusViews::task).toList();
    }

    @Override
    public McpLauncher.ServerSummary reconnect(String server, Cancellation cancellation) throws McpLauncher.CommandFailure {
        known(server);
        CompletableFuture<ServerStatus> done = new CompletableFuture<>();
        Thread.ofVirtual().name("mcp-" + server + "-reconnect").start(() -> {
            try {
                done.complete(runtime.reconnect(server));
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        try (Cancellation.Registration stop = cancellation.onCancel(() -> done.complete(null))) {
            ServerStatus settled = done.get(RECONNECT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            if (settled != null) {
                return summary(settled);
            }
        } catch (TimeoutException e) {
            // Still connecting: the summary below says so.
        } catch (ExecutionException e) {
            throw new McpLauncher.CommandFailure(e.getCause() instanceof McpError m ? m.getMessage() : "the reconnect failed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return status().stream().filter(s -> s.name().equals(server)).findFirst()
                .orElseThrow(() -> new McpLauncher.CommandFailure("no MCP server named `" + server + "` in this session"));
    }

    @Override
    public void refresh(String server, Cancellation cancellation) throws McpLauncher.CommandFailure {
        known(server);
        try {
            runtime.refresh(server, cancellation);
            runtime.refreshContent(server, cancellation);
        } catch (McpError e) {
            throw new McpLauncher.CommandFailure(e.getMessage());
        }
    }

    @Override
    public String logs(String server) throws McpLauncher.CommandFailure {
        known(server);
        ServerLogs logs = runtime.logs(server);
        StringBuilder text = new StringBuilder();
        for (ServerLogs.Entry entry : logs.entries()) {
            text.append(entry.at()).append(' ').append(entry.level())
                    .append(entry.logger() == null ? "" : " " + entry.logger()).append(": ").append(entry.text()).append('\n');
        }
        if (logs.suppressed() > 0) {
            text.append("(").append(logs.suppressed()).append(" older messages not kept)\n");
        }
        if (logs.stderr() != null && !logs.stderr().isBlank()) {
            text.append("--- stderr (last lines) ---\n").append(logs.stderr().strip()).append('\n');
        }
        return text.toString().strip();
    }

    private void known(String server) throws McpLauncher.CommandFailure {
        if (!specs.containsKey(server)) {
            throw new McpLauncher.CommandFailure("no MCP server named `" + server + "` in this session (servers: "
                    + String.join(", ", specs.keySet()) + ")");
        }
    }

    @Override
    public boolean add(McpServerSpec spec) {
        if (specs.putIfAbsent(spec.name(), spec) != null) {
            return false;
        }
        return runtime.add(spec);
    }

    @Override
    public void close() {
        runtime.close();
    }
}
