package dev.tether.mcp.connection.content;

import dev.tether.mcp.api.McpError;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.connection.content.ConnectionContent.Declared;
import dev.tether.mcp.connection.content.ConnectionContent.Fetched;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.content.McpPrompt;
import dev.tether.mcp.content.McpResource;
import dev.tether.mcp.content.McpResourceTemplate;
import dev.tether.mcp.skills.SkillCatalog;
import dev.tether.mcp.skills.SkillEntry;
import java.util.Collection;
import java.util.List;

/**
 * The committed content catalogs of one connection: what the server declared, its resources and
 * templates (committed together, one revision), its prompts (another revision) and, per catalog,
 * why it is missing or stale. A refresh of an older generation is dropped; one that failed keeps
 * the last good catalog and records its problem.
 */
final class ContentCatalogs {
    private final ConnectionContent.Link link;
    private Declared declared = Declared.NONE;
    private ContentCatalog catalog = ContentCatalog.EMPTY;
    private Catalog<McpPrompt> prompts = Catalog.empty();
    private SkillCatalog skills = SkillCatalog.EMPTY;
    private long revision;
    private long promptRevision;
    private String resourceProblem;
    private String promptProblem;
    private String skillProblem;

    ContentCatalogs(ConnectionContent.Link link) {
        this.link = link;
    }

    /** Commits what connect fetched; the connection holds its lock and has checked the generation. */
    synchronized void commit(Fetched fetched) {
        declared = fetched.declared();
        catalog = new ContentCatalog(fetched.resourceList(), fetched.templateList(), ++revision);
        prompts = new Catalog<>(fetched.promptList(), ++promptRevision);
        skills = fetched.skillCatalog();
        resourceProblem = fetched.resourceProblem();
        promptProblem = fetched.promptProblem();
        skillProblem = fetched.skillProblem();
    }

    synchronized ContentCatalog catalog() {
        return catalog;
    }

    synchronized List<McpPrompt> prompts() {
        return prompts.items();
    }

    synchronized SkillCatalog skills() {
        return skills;
    }

    synchronized Declared declared() {
        return declared;
    }

    /** Of {@code wanted}, the URIs to subscribe to again: none unless subscriptions are offered. */
    synchronized List<String> subscribable(Collection<String> wanted) {
        if (!declared.subscribe()) {
            return List.of();
        }
        return wanted.stream().filter(catalog::declares).toList();
    }

    /** Why a content catalog of the ready server is missing or stale (redacted), or null. */
    synchronized String problem() {
        List<String> problems = java.util.stream.Stream.of(resourceProblem, promptProblem, skillProblem)
                .filter(java.util.Objects::nonNull).toList();
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    /**
     * A refreshed resource catalog of generation {@code gen}; lists equal to the committed ones keep
     * the catalog and its revision. @throws McpError.Superseded reconnected meanwhile
     */
    synchronized void resources(int gen, List<McpResource> listed, List<McpResourceTemplate> templates) {
        requireCurrent(gen);
        if (!catalog.resources().equals(listed) || !catalog.templates().equals(templates)) {
            catalog = new ContentCatalog(listed, templates, ++revision);
        }
        resourceProblem = null;
    }

    /**
     * A refreshed prompt catalog of generation {@code gen}; answers whether it differs from the
     * committed one (an equal list keeps the catalog and its revision).
     * @throws McpError.Superseded reconnected meanwhile
     */
    synchronized boolean prompts(int gen, List<McpPrompt> listed) {
        requireCurrent(gen);
        promptProblem = null;
        if (prompts.items().equals(listed)) {
            return false;
        }
        prompts = new Catalog<>(listed, ++promptRevision);
        return true;
    }

    /** A refreshed skill list of generation {@code gen}. @throws McpError.Superseded reconnected meanwhile */
    synchronized void skills(int gen, SkillCatalog listed) {
        requireCurrent(gen);
        skills = listed;
        skillProblem = null;
    }

    /** The server's current entry for one skill (from {@code skills/get}), in place of the listed one. */
    synchronized void skill(int gen, SkillEntry entry) {
        requireCurrent(gen);
        skills = skills.with(entry);
    }

    /** A skill list refresh of generation {@code gen} failed (redacted {@code problem}). */
    synchronized void skillsFailed(int gen, String problem) {
        if (link.isCurrent(gen)) {
            skillProblem = problem;
        }
    }

    /** A resource refresh of generation {@code gen} failed (redacted {@code problem}). */
    synchronized void resourcesFailed(int gen, String problem) {
        if (link.isCurrent(gen)) {
            resourceProblem = problem;
        }
    }

    /** A prompt refresh of generation {@code gen} failed (redacted {@code problem}). */
    synchronized void promptsFailed(int gen, String problem) {
        if (link.isCurrent(gen)) {
            promptProblem = problem;
        }
    }

    private void requireCurrent(int gen) {
        if (!link.isCurrent(gen)) {
            throw new McpError.Superseded("the server was reconnected during the refresh; its list was dropped");
        }
    }
}
