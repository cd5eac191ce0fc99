package dev.tether.mcp.skills;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.catalog.CatalogFetcher;
import dev.tether.mcp.client.McpClientSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Skills extension's lists on one client session: whether the server offers skills (it
 * declared the extension and the resources it rests on), every page of {@code skills/list} within
 * the catalog bounds (a broken bound fails the whole list, as every list does; a refused entry
 * only itself), and {@code skills/get} for one skill. Nothing here reads a skill's files: they
 * are fetched only when the skill is loaded.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public final class SkillListing {
    private SkillListing() {}

    /** Whether the server declared the Skills extension (and the resources capability it needs). */
    public static boolean offered(McpClientSession client) {
        return client.declares("resources") && client.content().declaresExtension(SkillEntries.EXTENSION);
    }

    /**
     * Every skill the server lists, checked.
     *
     * @throws McpError a bound was broken, the answer was malformed, or the request failed
     */
    public static SkillCatalog fetch(McpClientSession client, CatalogBounds bounds, Duration pageTimeout, Cancellation cancellation) {
        AtomicInteger position = new AtomicInteger();
        List<SkillEntries.Checked> read = new CatalogFetcher<>("skills/list", "skills",
                node -> SkillEntries.read(node, position.getAndIncrement()), SkillListing::identity, bounds)
                .fetch(cursor -> client.listPage("skills/list", "resources", cursor, pageTimeout, cancellation));
        List<SkillEntry> skills = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (SkillEntries.Checked checked : read) {
            switch (checked) {
                case SkillEntries.Valid valid -> skills.add(valid.entry());
                case SkillEntries.Refused no -> refused.add(no.label() + ": " + no.reason());
            }
        }
        return new SkillCatalog(skills, refused);
    }

    /**
     * The server's current entry for one skill ({@code skills/get}), checked.
     *
     * @throws McpError the request failed, or the answer was malformed or refused
     */
    public static SkillEntry get(McpClientSession client, String uri, Duration timeout, Cancellation cancellation) {
        return switch (SkillEntries.read(client.content().getSkill(uri, SkillEntries.EXTENSION, timeout, cancellation), 0)) {
            case SkillEntries.Valid valid when valid.entry().uri().equals(uri) -> valid.entry();
            case SkillEntries.Valid other -> throw new McpError.Malformed("skills/get answered for another skill (" + other.entry().uri() + ")");
            case SkillEntries.Refused no -> throw new McpError.Refused(McpError.Refused.Ground.BOUND, "skills/get: " + no.reason());
        };
    }

    /** A refused entry has no identity to collide on; a valid one is its URI. */
    private static String identity(SkillEntries.Checked checked) {
        return switch (checked) {
            case SkillEntries.Valid valid -> valid.entry().uri();
            case SkillEntries.Refused no -> "\u0000refused:" + System.identityHashCode(no);
        };
    }
}
