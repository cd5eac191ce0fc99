package dev.tether.mcp;

import dev.tether.agent.Cancellation;
import dev.tether.agent.CancelledException;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.catalog.CatalogException;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.content.ContentNotifications;
import dev.tether.mcp.content.McpCompletion;
import dev.tether.mcp.content.McpPrompt;
import dev.tether.mcp.content.McpResource;
import dev.tether.mcp.content.McpResourceTemplate;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The content half of one {@link McpConnection}: the resource catalog (resources and templates,
 * committed together with their own revision), the prompt catalog, subscriptions (the
 * <em>desired</em> set the user asked for and the <em>active</em> set of the current transport)
 * and the "updated since the last read" marks. Every request it sends is first checked against
 * the committed catalogs, so nothing outside what the server declared is ever asked for.
 * The connection calls its hooks on connect, detach and disconnect; its operations reach the
 * server through {@link Link#live()}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources">MCP resources</a>
 */
final class ConnectionContent {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionContent.class);
    /** Argument names a JavaScript server may treat as object internals. */
    static final Set<String> FORBIDDEN_NAMES = Set.of("__proto__", "constructor", "prototype");

    /** The connection as seen from here. */
    interface Link {
        /** The session of the ready generation. @throws McpException not ready */
        Live live();

        boolean isCurrent(int generation);
    }

    record Live(McpClientSession client, int generation) {}

    /** The content capabilities the server declared in {@code initialize}. */
    record Declared(boolean resources, boolean subscribe, boolean prompts, boolean completions) {
        static final Declared NONE = new Declared(false, false, false, false);
    }

    /**
     * What connect fetched, committed with READY. A catalog whose fetch failed is empty and its
     * problem (redacted) is set; the tools decide readiness, so that costs only the content.
     */
    record Fetched(Declared declared, List<McpResource> resourceList, List<McpResourceTemplate> templateList,
                   List<McpPrompt> promptList, String resourceProblem, String promptProblem) {}

    private final String server;
    private final McpRuntimeOptions options;
    private final McpConnectionSettings settings;
    private final Cancellation lifetime;
    private final Link link;
    private final CoalescingRefresher resourceRefresher;
    private final CoalescingRefresher promptRefresher;
    private final ReentrantLock fetchLock = new ReentrantLock();
    private Declared declared = Declared.NONE;
    private String resourceProblem;
    private String promptProblem;
    private ContentCatalog catalog = ContentCatalog.EMPTY;
    private Catalog<McpPrompt> prompts = Catalog.empty();
    private long revision;
    private long promptRevision;
    private final Set<String> desired = new LinkedHashSet<>();
    private final Set<String> active = new LinkedHashSet<>();
    private final Set<String> updated = new LinkedHashSet<>();

    ConnectionContent(String server, McpRuntimeOptions options, McpConnectionSettings settings, Cancellation lifetime,
                      Link link) {
        this.server = server;
        this.options = options;
        this.settings = settings;
        this.lifetime = lifetime;
        this.link = link;
        this.resourceRefresher = new CoalescingRefresher(server + "-resources", settings.refreshQuiet(),
                settings.refreshMaxDelay(), () -> refreshQuietly(true));
        this.promptRefresher = new CoalescingRefresher(server + "-prompts", settings.refreshQuiet(),
                settings.refreshMaxDelay(), () -> refreshQuietly(false));
    }

    // ---- hooks called by the connection ----

    /** The notification routes for the session of generation {@code gen}. */
    ContentNotifications notifications(int gen) {
        return new ContentNotifications() {
            @Override
            public void resourcesChanged() {
                if (link.isCurrent(gen)) {
                    resourceRefresher.request();
                }
            }

            @Override
            public void promptsChanged() {
                if (link.isCurrent(gen)) {
                    promptRefresher.request();
                }
            }

            @Override
            public void resourceUpdated(String uri) {
                if (link.isCurrent(gen) && markUpdated(uri)) {
                    notice(new McpNotice.ResourceUpdated(server, UnicodeSanitizer.clean(uri)));
                }
            }
        };
    }

    /**
     * Fetches both catalogs the server declared; called during connect, before READY is committed.
     * A catalog that fails (a broken bound, an error answer, a timeout) comes back empty with its
     * problem: it must not take the server's tools down with it.
     *
     * @throws McpException       the connection itself ended (then the connect fails as a whole)
     * @throws CancelledException closing
     */
    Fetched fetch(McpClientSession client, Cancellation cancellation) {
        boolean resources = client.declares("resources");
        boolean prompting = client.declares("prompts");
        Declared was = new Declared(resources, resources && client.content().declaresSubscribe(), prompting, client.declares("completions"));
        List<McpResource> listed = List.of();
        List<McpResourceTemplate> templates = List.of();
        List<McpPrompt> promptList = List.of();
        String resourceTrouble = null;
        String promptTrouble = null;
        if (resources) {
            try {
                listed = client.content().listResources(settings.catalogBounds(), options.listTimeout(), cancellation);
                templates = client.content().listResourceTemplates(settings.catalogBounds(), options.listTimeout(), cancellation);
            } catch (McpException | CatalogException e) {
                resourceTrouble = unavailable(client, "resource", e);
                listed = List.of();
            }
        }
        if (prompting) {
            try {
                promptList = client.content().listPrompts(settings.catalogBounds(), options.listTimeout(), cancellation);
            } catch (McpException | CatalogException e) {
                promptTrouble = unavailable(client, "prompt", e);
            }
        }
        return new Fetched(was, listed, templates, promptList, resourceTrouble, promptTrouble);
    }

    /** The redacted problem of a content list that failed during connect; rethrows when the connection itself ended. */
    private String unavailable(McpClientSession client, String what, RuntimeException e) {
        if (client.isClosed()) {
            throw e;
        }
        String problem = Redactor.redact(what + " list unavailable: " + e.getMessage());
        LOG.warn("mcp {}: {}; the server stays ready with its tools (a refresh may bring it in)", server, problem);
        return problem;
    }

    /** Commits what {@link #fetch} returned; the connection holds its lock and has checked the generation. */
    synchronized void commit(Fetched fetched) {
        declared = fetched.declared();
        catalog = new ContentCatalog(fetched.resourceList(), fetched.templateList(), ++revision);
        prompts = new Catalog<>(fetched.promptList(), ++promptRevision);
        resourceProblem = fetched.resourceProblem();
        promptProblem = fetched.promptProblem();
    }

    /** After READY: re-subscribes the desired URIs the new catalog still declares. */
    void resubscribe(Live live) {
        List<String> wanted;
        synchronized (this) {
            if (!declared.subscribe()) {
                return;
            }
            wanted = desired.stream().filter(catalog::declares).toList();
        }
        for (String uri : wanted) {
            try {
                live.client().content().subscription(uri, true, options.listTimeout(), lifetime);
                synchronized (this) {
                    if (link.isCurrent(live.generation()) && desired.contains(uri)) {
                        active.add(uri);
                    }
                }
            } catch (McpException | CancelledException e) {
                LOG.warn("mcp {}: could not subscribe again to a resource: {}", server, Redactor.redact(String.valueOf(e.getMessage())));
            }
        }
    }

    /** The transport is gone: no subscription is active any more (the wish stays). */
    synchronized void transportGone() {
        active.clear();
    }

    /** The user ended the connection (or the session ended): forget what they subscribed to. */
    synchronized void forgetDesired() {
        desired.clear();
        active.clear();
        updated.clear();
    }

    void close() {
        resourceRefresher.close();
        promptRefresher.close();
        forgetDesired();
    }

    // ---- views ----

    synchronized ContentCatalog catalog() {
        return catalog;
    }

    synchronized List<McpPrompt> prompts() {
        return prompts.items();
    }

    synchronized Declared declared() {
        return declared;
    }

    /** Why a content catalog of the ready server is missing or stale (redacted), or null. */
    synchronized String problem() {
        if (resourceProblem == null || promptProblem == null) {
            return resourceProblem == null ? promptProblem : resourceProblem;
        }
        return resourceProblem + "; " + promptProblem;
    }

    synchronized Set<String> desired() {
        return Set.copyOf(desired);
    }

    synchronized Set<String> active() {
        return Set.copyOf(active);
    }

    CoalescingRefresher resourceRefresher() {
        return resourceRefresher;
    }

    CoalescingRefresher promptRefresher() {
        return promptRefresher;
    }

    // ---- operations ----

    /** A read's blocks and whether the resource changed since the model's last read. */
    record Read(List<McpContent> contents, boolean updatedSinceLastRead) {}

    /** Reads a declared resource. @throws McpException not declared (nothing sent), not ready, or failed */
    Read read(String uri, Cancellation cancellation) {
        Live live = link.live();
        String raw = requireDeclared(uri, "read");
        List<McpContent> contents = live.client().content().readResource(raw, options.listTimeout(), cancellation);
        boolean wasUpdated;
        synchronized (this) {
            wasUpdated = updated.remove(raw);
        }
        return new Read(contents, wasUpdated);
    }

    void subscribe(String uri, Cancellation cancellation) {
        Live live = link.live();
        String raw = requireDeclared(uri, "subscribe to");
        requireSubscribe();
        synchronized (this) {
            desired.add(raw);
        }
        live.client().content().subscription(raw, true, options.listTimeout(), cancellation);
        synchronized (this) {
            if (link.isCurrent(live.generation()) && desired.contains(raw)) {
                active.add(raw);
            }
        }
    }

    /**
     * After the model read {@code uri}: subscribe to it when the server offers subscriptions, so
     * that an update is told to the user and marked for the model's next read. Best effort: a
     * failure is logged, never the read's failure.
     */
    void watch(String uri, Cancellation cancellation) {
        synchronized (this) {
            if (!declared().subscribe() || desired.contains(uri)) {
                return;
            }
        }
        try {
            subscribe(uri, cancellation);
        } catch (McpException e) {
            LOG.debug("mcp {}: not watching a resource: {}", server, e.getMessage());
        }
    }

    void unsubscribe(String uri, Cancellation cancellation) {
        boolean wasActive;
        synchronized (this) {
            desired.remove(uri);
            updated.remove(uri);
            wasActive = active.remove(uri);
        }
        if (wasActive) {
            Live live = link.live();
            live.client().content().subscription(uri, false, options.listTimeout(), cancellation);
        }
    }

    private void requireSubscribe() {
        if (!declared().subscribe()) {
            throw new McpException("server \"" + server + "\" does not offer resource subscriptions");
        }
    }

    /** The raw URI to send: the given one, or the raw form of a listed URI the caller saw sanitised. */
    private String requireDeclared(String uri, String what) {
        ContentCatalog current = catalog();
        if (!declared().resources()) {
            throw new McpException("server \"" + server + "\" offers no resources");
        }
        if (uri == null || uri.isBlank()) {
            throw new McpException("a resource URI is required");
        }
        if (current.declares(uri)) {
            return uri;
        }
        for (McpResource r : current.resources()) {
            if (UnicodeSanitizer.clean(r.uri()).equals(uri)) {
                return r.uri();
            }
        }
        throw new McpException("refused to " + what + " \"" + Redactor.cap(UnicodeSanitizer.clean(uri), 300)
                + "\": server \"" + server + "\" neither lists it nor declares a template it matches");
    }

    /** Sends {@code prompts/get} after checking the prompt and its arguments against the catalog. */
    List<McpClientSession.PromptMessage> getPrompt(String name, Map<String, String> arguments, Cancellation cancellation) {
        Live live = link.live();
        McpPrompt prompt = requirePrompt(name);
        Map<String, String> args = arguments == null ? Map.of() : arguments;
        List<String> unknown = new ArrayList<>();
        for (String key : args.keySet()) {
            if (FORBIDDEN_NAMES.contains(key)) {
                throw new McpException("the argument name \"" + key + "\" is not allowed");
            }
            if (prompt.argument(key) == null) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            throw new McpException("prompt \"" + shown(name) + "\" has no argument " + quoted(unknown)
                    + argumentsHint(prompt));
        }
        List<String> missing = prompt.arguments().stream()
                .filter(a -> a.required() && (args.get(a.name()) == null || args.get(a.name()).isBlank()))
                .map(McpPrompt.Argument::name).toList();
        if (!missing.isEmpty()) {
            throw new McpException("prompt \"" + shown(name) + "\" needs " + quoted(missing) + argumentsHint(prompt));
        }
        return live.client().content().getPrompt(prompt.name(), args, options.listTimeout(), cancellation);
    }

    /** Sends {@code completion/complete} after checking the reference and argument against the catalogs. */
    McpCompletion complete(CompletionRef ref, String argument, String value, Map<String, String> context,
                           Cancellation cancellation) {
        Live live = link.live();
        if (!declared().completions()) {
            throw new McpException("server \"" + server + "\" offers no completions");
        }
        Set<String> names = switch (ref) {
            case CompletionRef.Prompt p -> {
                McpPrompt prompt = requirePrompt(p.name());
                Set<String> own = new LinkedHashSet<>();
                prompt.arguments().forEach(a -> own.add(a.name()));
                yield own;
            }
            case CompletionRef.ResourceTemplate t -> {
                McpResourceTemplate template = catalog().template(t.uriTemplate());
                if (template == null) {
                    throw new McpException("server \"" + server + "\" declares no resource template \""
                            + shown(t.uriTemplate()) + "\"");
                }
                yield template.matcher().variables();
            }
        };
        Map<String, String> ctx = context == null ? Map.of() : context;
        for (String key : concat(argument, ctx.keySet())) {
            if (key == null || FORBIDDEN_NAMES.contains(key) || !names.contains(key)) {
                throw new McpException("\"" + shown(String.valueOf(key)) + "\" is not an argument of that "
                        + (ref instanceof CompletionRef.Prompt ? "prompt" : "template") + " (it has: "
                        + String.join(", ", names.stream().map(ConnectionContent::shown).toList()) + ")");
            }
        }
        return live.client().content().complete(ref, argument, value == null ? "" : value, ctx, options.listTimeout(), cancellation);
    }

    private static List<String> concat(String first, Set<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }

    private McpPrompt requirePrompt(String name) {
        if (!declared().prompts()) {
            throw new McpException("server \"" + server + "\" offers no prompts");
        }
        List<McpPrompt> listed = prompts();
        // The session shows sanitised names; a raw name wins when both match.
        return listed.stream().filter(p -> p.name().equals(name)).findFirst()
                .or(() -> listed.stream().filter(p -> UnicodeSanitizer.clean(p.name()).equals(name)).findFirst())
                .orElseThrow(() -> new McpException("server \"" + server + "\" has no prompt \"" + shown(name) + "\""));
    }

    private static String argumentsHint(McpPrompt prompt) {
        if (prompt.arguments().isEmpty()) {
            return " (it takes no arguments)";
        }
        return " (arguments: " + String.join(", ", prompt.arguments().stream()
                .map(a -> shown(a.name()) + (a.required() ? "" : "?")).toList()) + ")";
    }

    private static String quoted(List<String> names) {
        return String.join(", ", names.stream().map(n -> "\"" + shown(n) + "\"").toList());
    }

    private static String shown(String s) {
        return Redactor.cap(UnicodeSanitizer.clean(s == null ? "" : s), 200);
    }

    // ---- refresh ----

    /** Fetches one catalog now and commits it when complete and valid (the last good one stays otherwise). */
    void refresh(boolean resources, Cancellation cancellation) {
        fetchLock.lock();
        try {
            Live live = link.live();
            Declared was = declared();
            if (resources && was.resources()) {
                List<McpResource> listed;
                List<McpResourceTemplate> templates;
                try {
                    listed = live.client().content().listResources(settings.catalogBounds(), options.listTimeout(), cancellation);
                    templates = live.client().content().listResourceTemplates(settings.catalogBounds(), options.listTimeout(), cancellation);
                } catch (McpException | CatalogException e) {
                    recordIfCurrent(live, () -> resourceProblem = Redactor.redact("resource list refresh failed: " + e.getMessage()));
                    throw e;
                }
                commitIfCurrent(live, () -> {
                    catalog = new ContentCatalog(listed, templates, ++revision);
                    resourceProblem = null;
                });
            } else if (!resources && was.prompts()) {
                List<McpPrompt> listed;
                try {
                    listed = live.client().content().listPrompts(settings.catalogBounds(), options.listTimeout(), cancellation);
                } catch (McpException | CatalogException e) {
                    recordIfCurrent(live, () -> promptProblem = Redactor.redact("prompt list refresh failed: " + e.getMessage()));
                    throw e;
                }
                commitIfCurrent(live, () -> {
                    prompts = new Catalog<>(listed, ++promptRevision);
                    promptProblem = null;
                });
                // Only now: the host reads the prompts when told, and must see the new ones.
                notice(new McpNotice.PromptsChanged(server));
            }
        } finally {
            fetchLock.unlock();
        }
    }

    private synchronized void recordIfCurrent(Live live, Runnable record) {
        if (link.isCurrent(live.generation())) {
            record.run();
        }
    }

    private synchronized void commitIfCurrent(Live live, Runnable commit) {
        if (!link.isCurrent(live.generation())) {
            throw new McpException("the server was reconnected during the refresh; its list was dropped");
        }
        commit.run();
    }

    private void refreshQuietly(boolean resources) {
        try {
            refresh(resources, lifetime);
        } catch (McpException | CatalogException e) {
            LOG.warn("mcp {}: {} list refresh failed, keeping the last good list: {}", server,
                    resources ? "resource" : "prompt", Redactor.redact(String.valueOf(e.getMessage())));
        } catch (CancelledException e) {
            // Closing.
        }
    }

    private synchronized boolean markUpdated(String uri) {
        // Only what we subscribed to: a server cannot flag arbitrary URIs for the model.
        if (!active.contains(uri) && !desired.contains(uri)) {
            return false;
        }
        updated.add(uri);
        return true;
    }

    private void notice(McpNotice notice) {
        try {
            options.host().notice(notice);
        } catch (RuntimeException e) {
            LOG.debug("mcp {}: the host rejected a notice", server, e);
        }
    }
}
