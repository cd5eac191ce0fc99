package dev.tether.mcp;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerRoots;
import dev.tether.mcp.api.ServerReport;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.connection.ConnectionTasks;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.Completions;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.content.ContentResults;
import dev.tether.mcp.content.McpCompletion;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.mcp.interaction.McpInteraction;
import dev.tether.mcp.interaction.ServerInstructions;
import dev.tether.mcp.interaction.ServerRequestHandler;
import dev.tether.mcp.interaction.logs.ServerLogs;
import dev.tether.mcp.projection.CatalogBarrier;
import dev.tether.mcp.projection.McpTool;
import dev.tether.mcp.projection.Projection;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.skills.McpSkill;
import dev.tether.mcp.task.McpTasks;
import dev.tether.model.ModelMessage;
import dev.tether.security.Redactor;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolOutcome;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP client runtime of one session: one {@link McpConnection} per configured server, all
 * connecting in parallel on virtual threads from {@link #start}. A server that fails stays
 * listed (state failed, redacted reason); the others go on. {@link #awaitTools} is the
 * catalog barrier the turn loop waits on before each model request.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/architecture">MCP architecture</a>
 */
public final class McpRuntime implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpRuntime.class);
    /** How long {@link #close()} waits for each server (they close in parallel, each within about two seconds). */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    /** The most of a server's stderr shown with its logs. */
    private static final int STDERR_EXCERPT_BYTES = 8 * 1024;

    private final List<McpConnection> connections;
    private final McpRuntimeOptions options;
    private final McpConnectionSettings settings;
    private final EventDispatcher events;
    private final Cancellation calls;
    private final Projection projection;
    private final McpInteraction interaction;
    private final CatalogBarrier barrier;
    private final RuntimeContent content;
    private final RuntimeSkills skills;
    private final McpTasks tasks;
    private final ServerJournal journal;

    private McpRuntime(List<McpConnection> connections, McpRuntimeOptions options, McpConnectionSettings settings,
                       EventDispatcher events, Cancellation calls, Projection projection, McpInteraction interaction,
                       ServerJournal journal) {
        this.connections = new java.util.concurrent.CopyOnWriteArrayList<>(connections);
        this.options = options;
        this.settings = settings;
        this.events = events;
        this.calls = calls;
        this.projection = projection;
        this.content = new RuntimeContent(this.connections, this::connection, new ContentResults(projection.results()),
                projection.results().cuts());
        projection.useContent(content);
        this.skills = new RuntimeSkills(this.connections, this::connection, projection.results().cuts());
        this.interaction = interaction;
        this.journal = journal;
        this.tasks = new McpTasks(options.tasks(), projection.results(), options.host().taskEvents());
        tasks.onRunningChanged(server -> {
            McpConnection c = connection(server);
            if (c != null) {
                c.watchedTasksChanged();
            }
        });
        projection.useTasks(tasks);
        for (McpConnection c : connections) {
            offerTasks(c);
        }
        this.barrier = new CatalogBarrier(this.connections, settings.barrierTimeout(), calls::isCancelled);
    }

    /** Lets {@code c}'s tools run as MCP tasks where its policy and the server allow it. */
    private void offerTasks(McpConnection c) {
        projection.addTaskServer(c.name(), new ConnectionTasks(c, options, calls));
        c.watchTasks(id -> tasks.statusChanged(c.name(), id), () -> tasks.running(c.name()));
    }

    /**
     * Starts connecting every server and returns at once. Of two specs with one name, the later wins;
     * {@link McpConnectionSettings#DEFAULT} unless the caller's configuration says otherwise.
     */
    public static McpRuntime start(List<McpServerSpec> specs, McpRuntimeOptions options, McpRuntimeListener listener,
                                   McpConnectionSettings settings) {
        return start(specs, options, listener, settings, McpInteraction.of(options.host(), options::grantsFor));
    }

    /**
     * As {@link #start(List, McpRuntimeOptions, McpRuntimeListener, McpConnectionSettings)}, with
     * the interaction half (elicitation, sampling, roots, logs) given. It answers the servers'
     * requests unless {@code settings} names its own {@link ServerRequestHandler}.
     */
    static McpRuntime start(List<McpServerSpec> specs, McpRuntimeOptions options, McpRuntimeListener listener,
                            McpConnectionSettings settings, McpInteraction interaction) {
        if (settings.serverRequests() == ServerRequestHandler.NOT_OFFERED) {
            settings = settings.withServerRequests(interaction);
        }
        Map<String, McpServerSpec> byName = new LinkedHashMap<>();
        for (McpServerSpec spec : specs) {
            if (byName.remove(spec.name()) != null) {
                LOG.info("mcp: server \"{}\" is declared more than once; the later declaration wins", spec.name());
            }
            byName.put(spec.name(), spec);
        }
        ServerJournal journal = new ServerJournal(java.time.Clock.systemUTC());
        EventDispatcher events = new EventDispatcher(listener, journal);
        Cancellation calls = Cancellation.root();
        McpConnectionSettings effective = settings;
        List<McpConnection> connections = byName.values().stream()
                .map(spec -> new McpConnection(spec, options, effective, events, calls)).toList();
        McpRuntime runtime = new McpRuntime(connections, options, effective, events, calls,
                new Projection(options, interaction.toolCalls()), interaction, journal);
        // Remote servers first: their handshakes take longest on the network.
        connections.stream()
                .sorted(Comparator.comparingInt(c -> byName.get(c.name()) instanceof McpServerSpec.Stdio ? 1 : 0))
                .forEach(c -> Thread.ofVirtual().name("mcp-" + c.name() + "-connect").start(c::connect));
        return runtime;
    }

    /**
     * The catalog barrier: waits until every server has settled or {@code startupTimeout}
     * (counted from {@link #start}) has passed; tries again the failed servers whose cool-down has
     * passed; asks for a refresh of the stale tool lists of servers without {@code list_changed}
     * (the catalog TTL); then waits for refreshes in flight or scheduled — each of those two waits
     * at most {@link McpConnectionSettings#barrierTimeout()} — and returns the tools of every ready
     * server. When nothing is pending this costs a few volatile reads.
     *
     * @throws CancelledException {@code cancellation} fired while waiting
     */
    public List<Tool> awaitTools(Duration startupTimeout, Cancellation cancellation) {
        barrier.await(startupTimeout, cancellation);
        return tools();
    }

    /** The current projection of every ready server's tools, named {@code mcp__<server>__<tool>}. */
    List<Tool> tools() {
        return projection.of(List.copyOf(connections));
    }

    /**
     * Starts connecting one more server (one the user approved after the session started) and
     * returns at once; the next {@link #awaitTools} waits for it as for a server started with the
     * runtime. Returns false, and starts nothing, when a server of that name is already here or the
     * runtime is closed.
     */
    public boolean add(McpServerSpec spec) {
        McpConnection added;
        synchronized (connections) {
            if (calls.isCancelled() || connection(spec.name()) != null) {
                return false;
            }
            added = new McpConnection(spec, options, settings, events, calls);
            offerTasks(added);
            connections.add(added);
            barrier.restarted();
        }
        Thread.ofVirtual().name("mcp-" + added.name() + "-connect").start(added::connect);
        return true;
    }

    /**
     * Why some of a server's tools are not offered, for {@code /mcp}: they need MCP tasks, which
     * are off for it, or their {@code x-mcp-header} marks are invalid (each named with its reason);
     * null when all its admitted tools are.
     */
    public String withheldTools(String server) {
        tools();
        McpConnection connection = connection(server);
        String refused = connection == null ? null : connection.refusedTools();
        String withheld = projection.withheld(server);
        return refused == null ? withheld : withheld == null ? refused : withheld + "; " + refused;
    }

    /**
     * Every server's status. A use of its own: failed servers whose cool-down has passed are tried
     * again first (waiting at most the barrier timeout), so {@code /mcp} shows what they are now.
     */
    public List<ServerStatus> status() {
        barrier.retryDue(Cancellation.root());
        return connections.stream().map(McpConnection::status).toList();
    }

    /** The connection to one server, or null. */
    McpConnection connection(String name) {
        return connections.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    private McpConnection require(String name) {
        McpConnection c = connection(name);
        if (c == null) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED, "no MCP server named \"" + name + "\" in this session");
        }
        return c;
    }

    /**
     * Whether a server is given roots and whether it said it needs them.
     *
     * @throws McpError no server of that name
     */
    public ServerRoots roots(String name) {
        McpConnection c = require(name);
        return new ServerRoots(c.rootsExposed(), c.rootsNeeded());
    }

    /**
     * Reconnects one server now (from any state, also failed), bumping its generation; calls and
     * refreshes of the old connection are dropped. Blocks until it is ready or failed.
     */
    public ServerStatus reconnect(String name) {
        McpConnection c = require(name);
        if (!calls.isCancelled()) {
            c.connect();
        }
        return c.status();
    }

    /**
     * Fetches one server's tool list now and commits it when it is complete and valid.
     *
     * @throws McpError     the server is not ready, or the fetch failed (the last good list stays)
     * @throws CancelledException {@code cancellation} fired
     */
    public Catalog<McpToolInfo> refresh(String name, Cancellation cancellation) {
        return require(name).refresh(cancellation, true);
    }

    /**
     * One server's recent log messages and stderr excerpt, for the user ({@code /mcp logs}); never
     * model input.
     *
     * @throws McpError no server of that name
     */
    public ServerLogs logs(String server) {
        McpConnection c = require(server);
        return interaction.logs(server, Redactor.redactLines(c.stderrTail(), STDERR_EXCERPT_BYTES));
    }

    /**
     * What the user may look at about every server, for a status view: its state and history, its
     * catalogs as the model sees them, its call figures, log messages and stderr. A snapshot with
     * no side effect (unlike {@link #status()}, no failed server is tried again); never model input.
     */
    public List<ServerReport> inspect() {
        Map<String, McpTool> offered = new java.util.HashMap<>();
        for (Tool tool : tools()) {
            if (tool instanceof McpTool mcp) {
                offered.put(mcp.server() + '\n' + mcp.rawName(), mcp);
            }
        }
        List<ServerReport> reports = new java.util.ArrayList<>();
        for (McpConnection c : connections) {
            String name = c.name();
            ServerStatus status = c.status();
            boolean ready = status.state() == ServerStatus.State.READY;
            String stderr = Redactor.redactLines(c.stderrTail(), STDERR_EXCERPT_BYTES);
            List<ServerReport.Tool> tools = !ready ? List.of() : c.tools().stream().map(info -> {
                McpTool projected = offered.get(name + '\n' + info.name());
                return new ServerReport.Tool(info.name(), projected == null ? null : projected.definition().name(), info.title(),
                        info.description(), projected == null ? info.hints() : projected.hints());
            }).toList();
            List<ServerReport.Resource> resources = new java.util.ArrayList<>();
            List<ServerReport.Prompt> prompts = List.of();
            if (ready) {
                ContentCatalog catalog = c.content().catalog();
                catalog.resources().forEach(r -> resources.add(new ServerReport.Resource(r.uri(), r.name(), r.description(), false)));
                catalog.templates().forEach(t -> resources.add(new ServerReport.Resource(t.uriTemplate(), t.name(), t.description(), true)));
                prompts = c.content().prompts().stream().map(p -> new ServerReport.Prompt(p.name(), p.description())).toList();
            }
            List<ServerReport.Log> logs = interaction.logs(name, "").entries().stream()
                    .map(e -> new ServerReport.Log(e.at(), e.level(), e.logger(), e.text())).toList();
            reports.add(new ServerReport(status, journal.history(name), stderr, c.callFigures(), tools, resources, prompts,
                    journal.catalogChanged(name), logs));
        }
        return reports;
    }

    /** The session's MCP tasks that have not ended, oldest first, for a status view. */
    public List<McpTasks.Running> tasksInFlight() {
        return tasks.inFlight();
    }

    /**
     * The instructions of the ready servers whose policy has {@code "instructions": true}, for ACP
     * sessions: each labelled as that server's untrusted text and bounded
     * ({@link ServerInstructions#trusted}); "" when there are none. A server that is not ready
     * contributes nothing.
     */
    public String trustedInstructions() {
        Map<String, String> raw = new LinkedHashMap<>();
        for (McpConnection c : connections) {
            if (projection.policyFor(c.name()).instructions()) {
                raw.put(c.name(), c.instructions());
            }
        }
        return ServerInstructions.trusted(raw, interaction.settings().instructionsBytes(), projection.results().cuts());
    }

    /**
     * Disposes the runtime: stops listener delivery, cancels calls in flight, then closes every
     * connection in parallel (stdio process trees are killed within about two seconds each).
     */
    @Override
    public void close() {
        events.close();
        // Before the connections go: each running task gets its tasks/cancel (bounded).
        tasks.close();
        synchronized (connections) {
            // Under the lock: a server added concurrently is either refused or closed below.
            calls.cancel();
        }
        List<Thread> closing = connections.stream()
                .map(c -> Thread.ofVirtual().name("mcp-" + c.name() + "-close").start(c::close)).toList();
        long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
        for (Thread thread : closing) {
            try {
                thread.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    // ---- Content: resources, subscriptions, prompts, completion ----

    /**
     * The prompts of every ready server, for the session's slash commands: names, titles and
     * descriptions sanitised, descriptions capped.
     */
    public List<McpPromptInfo> prompts() {
        return content.prompts();
    }

    /**
     * Gets a prompt's messages. Checked before any request: the server and prompt must be known,
     * every argument name declared (and none of {@code __proto__}, {@code constructor},
     * {@code prototype}), every required argument given and not blank. Text is sanitised and
     * bounded like tool results; images go as image parts within the image budget, else as
     * provenance; embedded resources are bounded like resource reads.
     *
     * @throws McpError       refused (nothing sent), not ready, or the request failed
     * @throws CancelledException {@code cancellation} fired
     */
    public List<ModelMessage> getPrompt(String server, String name, Map<String, String> arguments,
                                        Cancellation cancellation) {
        barrier.wake(connection(server));
        return content.getPrompt(server, name, arguments, cancellation);
    }

    /**
     * Completes a prompt argument or resource template variable of the current catalogs; the
     * candidates are bounded ({@link Completions}).
     *
     * @throws McpError refused (unknown prompt, template or argument; no completions), or failed
     */
    McpCompletion complete(String server, CompletionRef ref, String argument, String value,
                           Map<String, String> context, Cancellation cancellation) {
        return content.complete(server, ref, argument, value, context, cancellation);
    }

    /**
     * Reads a resource the server's catalog lists or one of its templates matches, mapped for the
     * model; anything else is refused before any request.
     */
    ToolOutcome readResource(String server, String uri, Cancellation cancellation) {
        barrier.wake(connection(server));
        return content.readResource(server, uri, cancellation);
    }

    /**
     * Subscribes to updates of a declared resource (the server must offer
     * {@code resources.subscribe}). The wish outlives a crash: after recovery it is sent again
     * while the new catalog still declares the URI. A manual disconnect, {@link #unsubscribe} or
     * {@link #close()} forgets it.
     */
    void subscribe(String server, String uri, Cancellation cancellation) {
        content.subscribe(server, uri, cancellation);
    }

    /** Forgets a subscription; sends {@code resources/unsubscribe} when it is active. */
    void unsubscribe(String server, String uri, Cancellation cancellation) {
        content.unsubscribe(server, uri, cancellation);
    }

    // ---- Skills (the MCP Skills extension, SEP-2640) ----

    /**
     * The skills every ready server offers, each named per server ({@link McpSkill#key()}); only
     * their entries: no skill file has been read.
     */
    public List<McpSkill> skills() {
        return skills.skills();
    }

    /**
     * Loads a skill: reads its {@code SKILL.md} now and verifies it against the server's entry
     * (size, digest, front matter); the text the model reads is bounded, sanitised, masked and
     * labelled as the server's.
     *
     * @param toolName the tool through which the model reads the skill's other files, for the text
     * @throws McpError the skill is gone, its file failed verification (nothing of it is returned), or the read failed
     * @throws CancelledException {@code cancellation} fired
     */
    public McpSkill.Loaded loadSkill(McpSkill skill, String toolName, Cancellation cancellation) {
        barrier.wake(connection(skill.server()));
        return skills.load(skill, toolName, cancellation);
    }

    /**
     * Reads one file of a loaded skill, by its path in the skill, verified against the entry
     * {@code held} was loaded under; a file that entry does not list is refused before any request.
     *
     * @throws McpError not a file of the skill, failed verification, or the read failed
     */
    public String readSkillFile(McpSkill held, String path, Cancellation cancellation) {
        barrier.wake(connection(held.server()));
        return skills.file(held, path, cancellation);
    }

    /**
     * Fetches one server's resource and prompt catalogs now (those it declared) and commits each
     * when complete and valid.
     *
     * @throws McpError the server is not ready, or a fetch failed (the last good catalog stays)
     */
    public void refreshContent(String server, Cancellation cancellation) {
        ConnectionContent c = require(server).content();
        c.refresh(true, cancellation);
        c.refresh(false, cancellation);
    }
}
