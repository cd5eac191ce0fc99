package dev.tether.mcp.connection.content;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.catalog.CacheHint;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.connection.content.ConnectionContent.Declared;
import dev.tether.mcp.connection.content.ConnectionContent.Fetched;
import dev.tether.mcp.connection.content.ConnectionContent.Live;
import dev.tether.mcp.content.McpPrompt;
import dev.tether.mcp.content.McpResource;
import dev.tether.mcp.content.McpResourceTemplate;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.skills.SkillCatalog;
import dev.tether.mcp.skills.SkillListing;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches the content catalogs of one connection into its {@link ContentCatalogs}: both at
 * connect (a catalog that fails comes back empty with its problem, the tools stay), and one at a
 * time on {@code list_changed} (coalesced) or on request (the last good one stays on failure).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources#list-changed-notification">MCP list changed</a>
 */
final class ContentRefresh {
    private static final Logger LOG = LoggerFactory.getLogger(ContentRefresh.class);

    private final String server;
    private final McpRuntimeOptions options;
    private final McpConnectionSettings settings;
    private final Cancellation lifetime;
    private final ConnectionContent.Link link;
    private final ContentCatalogs catalogs;
    private final Consumer<McpNotice> notice;
    private volatile Runnable resourcesCommitted = () -> { };
    private final CoalescingRefresher resourceRefresher;
    private final CoalescingRefresher promptRefresher;
    private final ReentrantLock fetchLock = new ReentrantLock();
    /** When each list was last fetched or found stale (the healing clock): the catalog TTL counts from it. */
    private volatile long resourcesAt;
    private volatile long promptsAt;

    ContentRefresh(String server, McpRuntimeOptions options, McpConnectionSettings settings, Cancellation lifetime,
                   ConnectionContent.Link link, ContentCatalogs catalogs, Consumer<McpNotice> notice) {
        this.server = server;
        this.options = options;
        this.settings = settings;
        this.lifetime = lifetime;
        this.link = link;
        this.catalogs = catalogs;
        this.notice = notice;
        this.resourceRefresher = new CoalescingRefresher(server + "-resources", settings.refreshQuiet(),
                settings.refreshMaxDelay(), () -> refreshQuietly(true));
        this.promptRefresher = new CoalescingRefresher(server + "-prompts", settings.refreshQuiet(),
                settings.refreshMaxDelay(), () -> refreshQuietly(false));
    }

    /** Told after a refreshed resource catalog was committed. */
    void onResourcesCommitted(Runnable committed) {
        this.resourcesCommitted = committed;
    }

    CoalescingRefresher resourceRefresher() {
        return resourceRefresher;
    }

    CoalescingRefresher promptRefresher() {
        return promptRefresher;
    }

    void close() {
        resourceRefresher.close();
        promptRefresher.close();
    }

    /** See {@link ConnectionContent#fetch}. */
    Fetched fetch(McpClientSession client, Cancellation cancellation) {
        boolean resources = client.declares("resources");
        boolean prompting = client.declares("prompts");
        boolean skilled = SkillListing.offered(client);
        Declared was = new Declared(resources, resources && client.content().declaresSubscribe(), prompting, client.declares("completions"),
                skilled);
        List<McpResource> listed = List.of();
        List<McpResourceTemplate> templates = List.of();
        List<McpPrompt> promptList = List.of();
        resourcesAt = promptsAt = settings.healing().clock().getAsLong();
        String resourceTrouble = null;
        String promptTrouble = null;
        if (resources) {
            try {
                listed = client.content().listResources(settings.catalogBounds(), options.listTimeout(), cancellation);
                templates = client.content().listResourceTemplates(settings.catalogBounds(), options.listTimeout(), cancellation);
            } catch (McpError e) {
                resourceTrouble = unavailable(client, "resource", e);
                listed = List.of();
            }
        }
        if (prompting) {
            try {
                promptList = client.content().listPrompts(settings.catalogBounds(), options.listTimeout(), cancellation);
            } catch (McpError e) {
                promptTrouble = unavailable(client, "prompt", e);
            }
        }
        // The skills' entries only: their files are read when a skill is loaded, never ahead of need.
        SkillCatalog skillList = SkillCatalog.EMPTY;
        String skillTrouble = null;
        if (skilled) {
            try {
                skillList = SkillListing.fetch(client, settings.catalogBounds(), options.listTimeout(), cancellation);
                refused(skillList);
            } catch (McpError e) {
                skillTrouble = unavailable(client, "skill", e);
            }
        }
        return new Fetched(was, listed, templates, promptList, skillList, resourceTrouble, promptTrouble, skillTrouble);
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

    /** Fetches one catalog now and commits it when complete and valid (the last good one stays otherwise). */
    void refresh(boolean resources, Cancellation cancellation) {
        fetchLock.lock();
        try {
            Live live = link.live();
            Declared was = catalogs.declared();
            if (resources && was.resources()) {
                refreshResources(live, cancellation);
            } else if (!resources && was.prompts()) {
                refreshPrompts(live, cancellation);
            }
        } finally {
            fetchLock.unlock();
        }
    }

    /**
     * Before a model request, the catalog TTL for content: a resource or prompt list is fetched
     * again (through its coalescing refresher) once it is older than the server's cache hint or,
     * without one, than the catalog TTL when the server does not send {@code list_changed} for it,
     * as the tool list is (see {@link CacheHint}).
     */
    void refreshIfStale(McpClientSession ready) {
        McpClientSession.Initialized init = ready == null ? null : ready.initialized();
        if (init == null) {
            return;
        }
        java.time.Duration ttl = settings.healing().catalogTtl();
        Declared declared = catalogs.declared();
        long now = settings.healing().clock().getAsLong();
        // A kind that an open stream announces changes of (list_changed, or a 2026 server's listen
        // stream) is never re-listed on a timer; otherwise the server's cache hint, or the TTL.
        CacheHint resourceHint = CacheHint.shorter(ready.cacheHint("resources/list"), ready.cacheHint("resources/templates/list"));
        if (declared.resources() && !ready.announcesChanges("resources")
                && CacheHint.due(resourceHint, ttl, now - resourcesAt)) {
            resourcesAt = now;
            resourceRefresher.request();
        }
        if (declared.prompts() && !ready.announcesChanges("prompts")
                && CacheHint.due(ready.cacheHint("prompts/list"), ttl, now - promptsAt)) {
            promptsAt = now;
            promptRefresher.request();
        }
    }

    private void refreshResources(Live live, Cancellation cancellation) {
        resourcesAt = settings.healing().clock().getAsLong();
        List<McpResource> listed;
        List<McpResourceTemplate> templates;
        try {
            listed = live.client().content().listResources(settings.catalogBounds(), options.listTimeout(), cancellation);
            templates = live.client().content().listResourceTemplates(settings.catalogBounds(), options.listTimeout(), cancellation);
        } catch (McpError e) {
            catalogs.resourcesFailed(live.generation(), Redactor.redact("resource list refresh failed: " + e.getMessage()));
            throw e;
        }
        catalogs.resources(live.generation(), listed, templates);
        // The resources a 2026-07-28 listen stream asks updates for are the subscribed ones the catalog still declares.
        resourcesCommitted.run();
        if (catalogs.declared().skills()) {
            // Skills are resources: the extension has no list_changed of its own, so they are listed again with them.
            SkillCatalog skills;
            try {
                skills = SkillListing.fetch(live.client(), settings.catalogBounds(), options.listTimeout(), cancellation);
            } catch (McpError e) {
                catalogs.skillsFailed(live.generation(), Redactor.redact("skill list refresh failed: " + e.getMessage()));
                throw e;
            }
            refused(skills);
            catalogs.skills(live.generation(), skills);
        }
    }

    /** The entries the server listed that Tether does not offer, with the reason, for the log. */
    private void refused(SkillCatalog skills) {
        for (String refused : skills.refused()) {
            LOG.warn("mcp {}: skill not offered: {}", server, Redactor.redact(UnicodeSanitizer.clean(refused)));
        }
    }

    private void refreshPrompts(Live live, Cancellation cancellation) {
        promptsAt = settings.healing().clock().getAsLong();
        List<McpPrompt> listed;
        try {
            listed = live.client().content().listPrompts(settings.catalogBounds(), options.listTimeout(), cancellation);
        } catch (McpError e) {
            catalogs.promptsFailed(live.generation(), Redactor.redact("prompt list refresh failed: " + e.getMessage()));
            throw e;
        }
        // Only now: the host reads the prompts when told, and must see the new ones; an unchanged list tells nobody.
        if (catalogs.prompts(live.generation(), listed)) {
            notice.accept(new McpNotice.PromptsChanged(server));
        }
    }

    private void refreshQuietly(boolean resources) {
        try {
            refresh(resources, lifetime);
        } catch (McpError e) {
            LOG.warn("mcp {}: {} list refresh failed, keeping the last good list: {}", server,
                    resources ? "resource" : "prompt", Redactor.redact(String.valueOf(e.getMessage())));
        } catch (CancelledException e) {
            // Closing.
        }
    }
}
