package dev.tether.mcp.connection.content;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.content.ContentNotifications;
import dev.tether.mcp.content.McpCompletion;
import dev.tether.mcp.content.McpPrompt;
import dev.tether.mcp.content.McpResource;
import dev.tether.mcp.content.McpResourceTemplate;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.skills.SkillCatalog;
import dev.tether.mcp.skills.SkillEntry;
import dev.tether.mcp.skills.SkillListing;
import dev.tether.mcp.skills.SkillVerification;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The content half of one MCP connection: the committed catalogs ({@link ContentCatalogs}, fetched
 * by {@link ContentRefresh}), subscriptions (the <em>desired</em> set the user asked for and the
 * <em>active</em> set of the current transport) and the "updated since the last read" marks.
 * Every request it sends first passes {@link ContentChecks} against the committed catalogs, so
 * nothing outside what the server declared is ever asked for. The connection calls its hooks on
 * connect, detach and disconnect; its operations reach the server through {@link Link#live()}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources">MCP resources</a>
 */
public final class ConnectionContent {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionContent.class);

    /** The connection as seen from here. */
    public interface Link {
        /** The session of the ready generation. @throws McpError not ready */
        Live live();

        boolean isCurrent(int generation);
    }

    public record Live(McpClientSession client, int generation) {}

    /**
     * The content capabilities the server declared in {@code initialize}; {@code skills}: the Skills
     * extension (SEP-2640) with the resources it rests on.
     */
    public record Declared(boolean resources, boolean subscribe, boolean prompts, boolean completions, boolean skills) {
        static final Declared NONE = new Declared(false, false, false, false, false);
    }

    /**
     * What connect fetched, committed with READY. A catalog whose fetch failed is empty and its
     * problem (redacted) is set; the tools decide readiness, so that costs only the content.
     */
    public record Fetched(Declared declared, List<McpResource> resourceList, List<McpResourceTemplate> templateList,
                          List<McpPrompt> promptList, SkillCatalog skillCatalog, String resourceProblem, String promptProblem,
                          String skillProblem) {}

    private final String server;
    private final McpRuntimeOptions options;
    private final Cancellation lifetime;
    private final Link link;
    private final ContentCatalogs catalogs;
    private final ContentChecks checks;
    private final ContentRefresh refresh;
    private final Set<String> desired = new LinkedHashSet<>();
    private final Set<String> active = new LinkedHashSet<>();
    private final Set<String> updated = new LinkedHashSet<>();
    /**
     * Told whenever the wanted resources change: a 2026-07-28 listen stream, which carries the
     * subscriptions, re-reads {@link #listenUris()}; a connection without one has nothing to do.
     */
    private volatile Runnable listenChanged = () -> { };

    public ConnectionContent(String server, McpRuntimeOptions options, McpConnectionSettings settings, Cancellation lifetime,
                             Link link) {
        this.server = server;
        this.options = options;
        this.lifetime = lifetime;
        this.link = link;
        this.catalogs = new ContentCatalogs(link);
        this.checks = new ContentChecks(server, catalogs);
        this.refresh = new ContentRefresh(server, options, settings, lifetime, link, catalogs, this::notice);
    }

    // ---- hooks called by the connection ----

    /** The notification routes for the session of generation {@code gen}. */
    public ContentNotifications notifications(int gen) {
        return new ContentNotifications() {
            @Override
            public void resourcesChanged() {
                if (link.isCurrent(gen)) {
                    refresh.resourceRefresher().request();
                }
            }

            @Override
            public void promptsChanged() {
                if (link.isCurrent(gen)) {
                    refresh.promptRefresher().request();
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
     * @throws McpError       the connection itself ended (then the connect fails as a whole)
     * @throws CancelledException closing
     */
    public Fetched fetch(McpClientSession client, Cancellation cancellation) {
        return refresh.fetch(client, cancellation);
    }

    /** Commits what {@link #fetch} returned; the connection holds its lock and has checked the generation. */
    public void commit(Fetched fetched) {
        catalogs.commit(fetched);
    }

    /** Where a change of the wanted resources goes (a 2026-07-28 server's listen stream). */
    public void onListenChange(Runnable changed) {
        this.listenChanged = changed;
        refresh.onResourcesCommitted(changed);
    }

    /** The wanted URIs the committed catalog still declares: what a 2026-07-28 listen stream asks updates for. */
    public synchronized List<String> listenUris() {
        return catalogs.subscribable(desired);
    }

    /**
     * After READY: subscribes the new session to the desired URIs the new catalog still declares, as
     * its revision carries subscriptions (see {@link dev.tether.mcp.client.ContentRequests#subscription}):
     * one {@code resources/subscribe} each, or for a 2026-07-28 server the listen stream started next.
     */
    public void resubscribe(Live live) {
        List<String> wanted;
        synchronized (this) {
            wanted = catalogs.subscribable(desired);
        }
        for (String uri : wanted) {
            try {
                live.client().content().subscription(uri, true, options.listTimeout(), lifetime);
                synchronized (this) {
                    if (link.isCurrent(live.generation()) && desired.contains(uri)) {
                        active.add(uri);
                    }
                }
            } catch (McpError | CancelledException e) {
                LOG.warn("mcp {}: could not subscribe again to a resource: {}", server, Redactor.redact(String.valueOf(e.getMessage())));
            }
        }
    }

    /** The transport is gone: no subscription is active any more (the wish stays). */
    public synchronized void transportGone() {
        active.clear();
    }

    /** The user ended the connection (or the session ended): forget what they subscribed to. */
    public synchronized void forgetDesired() {
        desired.clear();
        active.clear();
        updated.clear();
    }

    public void close() {
        refresh.close();
        forgetDesired();
    }

    // ---- views ----

    public ContentCatalog catalog() {
        return catalogs.catalog();
    }

    public List<McpPrompt> prompts() {
        return catalogs.prompts();
    }

    /** The skills of the last good {@code skills/list} (empty when the server offers none). */
    public SkillCatalog skills() {
        return catalogs.skills();
    }

    public Declared declared() {
        return catalogs.declared();
    }

    /** Why a content catalog of the ready server is missing or stale (redacted), or null. */
    public String problem() {
        return catalogs.problem();
    }

    public synchronized Set<String> desired() {
        return Set.copyOf(desired);
    }

    public synchronized Set<String> active() {
        return Set.copyOf(active);
    }

    public CoalescingRefresher resourceRefresher() {
        return refresh.resourceRefresher();
    }

    public CoalescingRefresher promptRefresher() {
        return refresh.promptRefresher();
    }

    // ---- operations ----

    /** A read's blocks and whether the resource changed since the model's last read. */
    public record Read(List<McpContent> contents, boolean updatedSinceLastRead) {}

    /** Reads a declared resource. @throws McpError not declared (nothing sent), not ready, or failed */
    public Read read(String uri, Cancellation cancellation) {
        Live live = link.live();
        String raw = checks.declaredUri(uri, "read");
        List<McpContent> contents = live.client().content().readResource(raw, options.requestTimeouts().read(), cancellation);
        boolean wasUpdated;
        synchronized (this) {
            wasUpdated = updated.remove(raw);
        }
        return new Read(contents, wasUpdated);
    }

    public void subscribe(String uri, Cancellation cancellation) {
        Live live = link.live();
        String raw = checks.declaredUri(uri, "subscribe to");
        checks.subscriptions();
        synchronized (this) {
            desired.add(raw);
        }
        live.client().content().subscription(raw, true, options.listTimeout(), cancellation);
        synchronized (this) {
            if (link.isCurrent(live.generation()) && desired.contains(raw)) {
                active.add(raw);
            }
        }
        listenChanged.run();
    }

    /**
     * After the model read {@code uri}: subscribe to it when the server offers subscriptions, so
     * that an update is told to the user and marked for the model's next read. Best effort: a
     * failure is logged, never the read's failure.
     */
    public void watch(String uri, Cancellation cancellation) {
        synchronized (this) {
            if (!declared().subscribe() || desired.contains(uri)) {
                return;
            }
        }
        try {
            subscribe(uri, cancellation);
        } catch (McpError e) {
            LOG.debug("mcp {}: not watching a resource: {}", server, e.getMessage());
        }
    }

    public void unsubscribe(String uri, Cancellation cancellation) {
        boolean wasActive;
        synchronized (this) {
            desired.remove(uri);
            updated.remove(uri);
            wasActive = active.remove(uri);
        }
        if (wasActive) {
            link.live().client().content().subscription(uri, false, options.listTimeout(), cancellation);
            listenChanged.run();
        }
    }

    /**
     * Reads one file of a skill and verifies it against {@code held}, the entry the skill is loaded
     * under: the file must be listed there, and its content must match the listed size and digest
     * (and, for the {@code SKILL.md}, the entry's front matter). Skill files need not be in the
     * resource catalog: the entry is what declares them.
     *
     * @throws McpError refused (unlisted file, failed verification: the content is not returned), not ready, or failed
     */
    public SkillVerification.Verified readSkillFile(SkillEntry held, String fileUri, Cancellation cancellation) {
        Live live = link.live();
        if (!declared().skills()) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED, "server \"" + server + "\" offers no skills");
        }
        SkillEntry.SkillFile file = held.file(fileUri).orElseThrow(() -> new McpError.Refused(McpError.Refused.Ground.POLICY,
                UnicodeSanitizer.clean(fileUri) + " is not one of the files the skill's entry lists"));
        List<McpContent> contents = live.client().content().readResource(file.uri(), options.requestTimeouts().read(), cancellation);
        return SkillVerification.verify(held, file, contents);
    }

    /**
     * The server's current entry for one skill ({@code skills/get}), which replaces the listed one:
     * how a host recovers when a file no longer matches the entry it was listed with.
     *
     * @throws McpError the request failed, or the answer was refused
     */
    public SkillEntry refreshSkill(String uri, Cancellation cancellation) {
        Live live = link.live();
        SkillEntry fresh = SkillListing.get(live.client(), uri, options.requestTimeouts().read(), cancellation);
        catalogs.skill(live.generation(), fresh);
        return fresh;
    }

    /** Sends {@code prompts/get} after checking the prompt and its arguments against the catalog. */
    public List<McpClientSession.PromptMessage> getPrompt(String name, Map<String, String> arguments, Cancellation cancellation) {
        Live live = link.live();
        Map<String, String> args = arguments == null ? Map.of() : arguments;
        McpPrompt prompt = checks.prompt(name, args);
        return live.client().content().getPrompt(prompt.name(), args, options.requestTimeouts().prompt(), cancellation);
    }

    /** Sends {@code completion/complete} after checking the reference and argument against the catalogs. */
    public McpCompletion complete(CompletionRef ref, String argument, String value, Map<String, String> context,
                                  Cancellation cancellation) {
        Live live = link.live();
        Map<String, String> ctx = context == null ? Map.of() : context;
        checks.completion(ref, argument, ctx);
        return live.client().content().complete(ref, argument, value == null ? "" : value, ctx,
                options.requestTimeouts().completion(), cancellation);
    }

    /** Before a model request: refetches a content list that is older than the catalog TTL (see {@link ContentRefresh#refreshIfStale}). */
    public void refreshIfStale(McpClientSession ready) {
        refresh.refreshIfStale(ready);
    }

    /** Fetches one catalog now and commits it when complete and valid (the last good one stays otherwise). */
    public void refresh(boolean resources, Cancellation cancellation) {
        refresh.refresh(resources, cancellation);
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
