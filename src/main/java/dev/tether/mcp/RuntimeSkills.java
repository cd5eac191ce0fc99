package dev.tether.mcp;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.skills.McpSkill;
import dev.tether.mcp.skills.SkillEntry;
import dev.tether.mcp.skills.SkillText;
import dev.tether.mcp.skills.SkillVerification;
import dev.tether.security.SecretCuts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The skills half of {@link McpRuntime} across its servers (the Skills extension, SEP-2640): the
 * skills of the ready servers, named per server so that none shadows another origin's; a load,
 * which reads the skill's {@code SKILL.md} only now and verifies it against the entry; and the
 * reads of the files of a loaded skill, each verified against the entry it was loaded under. A
 * file that fails verification is never used; the server is asked for the skill's current entry
 * ({@code skills/get}), and when that changed, the model is told to load the skill again.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
final class RuntimeSkills {
    /** Skill descriptions are listed in a tool's definition: keep them short (the Agent Skills limit). */
    static final int MAX_DESCRIPTION_BYTES = 1024;

    private final List<McpConnection> connections;
    private final Function<String, McpConnection> byName;
    private final SecretCuts cuts;

    RuntimeSkills(List<McpConnection> connections, Function<String, McpConnection> byName, SecretCuts cuts) {
        this.connections = connections;
        this.byName = byName;
        this.cuts = cuts;
    }

    List<McpSkill> skills() {
        List<McpSkill> out = new ArrayList<>();
        for (McpConnection c : connections) {
            if (!c.isReady() || !c.content().declared().skills()) {
                continue;
            }
            List<SkillEntry> entries = c.content().skills().skills();
            Map<String, Integer> named = new HashMap<>();
            entries.forEach(e -> named.merge(e.name(), 1, Integer::sum));
            for (SkillEntry e : entries) {
                // Names are labels, not identities: two skills of one server with one name go by their paths.
                String local = named.get(e.name()) > 1 ? path(e) : e.name();
                out.add(new McpSkill(c.name(), c.name() + ":" + cuts.cap(cuts.clean(local), 200), e.name(),
                        cuts.cap(cuts.clean(e.description()).replaceAll("\\s+", " ").strip(), MAX_DESCRIPTION_BYTES), e));
            }
        }
        return out;
    }

    /**
     * Reads and verifies the skill's {@code SKILL.md} under its current entry.
     *
     * @throws McpError no longer offered, failed verification (nothing of it is returned), or the read failed
     */
    McpSkill.Loaded load(McpSkill skill, String toolName, Cancellation cancellation) {
        ConnectionContent content = content(skill.server());
        SkillEntry current = content.skills().skill(skill.uri()).orElseThrow(() -> new McpError.Refused(
                McpError.Refused.Ground.NOT_OFFERED, "MCP server \"" + skill.server() + "\" no longer offers " + skill.key()));
        McpSkill held = new McpSkill(skill.server(), skill.key(), skill.name(), skill.description(), current);
        SkillVerification.Verified file = verified(content, held, current.uri(), cancellation);
        return new McpSkill.Loaded(held, SkillText.loaded(held, file, toolName, cuts));
    }

    /**
     * Reads and verifies one file of a loaded skill, given by its path in the skill, under the
     * entry the skill was loaded with.
     *
     * @throws McpError not a file of the skill, failed verification, or the read failed
     */
    String file(McpSkill held, String relative, Cancellation cancellation) {
        String uri = held.entry().resolve(relative).filter(u -> held.entry().file(u).isPresent()).orElseThrow(() ->
                new McpError.Refused(McpError.Refused.Ground.POLICY, "\"" + cuts.cap(cuts.clean(relative), 300)
                        + "\" is not one of the files of " + held.key() + " (its entry lists them all)"));
        SkillVerification.Verified file = verified(content(held.server()), held, uri, cancellation);
        return SkillText.file(held, relative, file, cuts);
    }

    private SkillVerification.Verified verified(ConnectionContent content, McpSkill held, String uri, Cancellation cancellation) {
        try {
            return content.readSkillFile(held.entry(), uri, cancellation);
        } catch (McpError.Refused e) {
            if (e.ground() != McpError.Refused.Ground.BOUND) {
                throw e;
            }
            throw new McpError.Refused(McpError.Refused.Ground.BOUND, cuts.redact(e.getMessage(), 600) + recovery(content, held, cancellation));
        }
    }

    /** After a failed verification: whether the server's entry changed since it was listed (then a new load may pass). */
    private String recovery(ConnectionContent content, McpSkill held, Cancellation cancellation) {
        try {
            SkillEntry fresh = content.refreshSkill(held.uri(), cancellation);
            return fresh.equals(held.entry()) ? ". The server's entry for the skill is unchanged: the skill cannot be used as served."
                    : ". The server's entry for the skill has changed since it was listed: load " + held.key() + " again to use it as it is now.";
        } catch (McpError e) {
            return ". The server could not give the skill's current entry either (" + cuts.redact(e.getMessage(), 200) + "): the skill cannot be used as served.";
        }
    }

    private ConnectionContent content(String server) {
        McpConnection c = server == null ? null : byName.apply(server);
        if (c == null) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED, "no MCP server named \"" + cuts.cap(cuts.clean(String.valueOf(server)), 200) + "\" in this session");
        }
        return c.content();
    }

    /** The skill's path: its directory's URI without the scheme ({@code acme/billing/refunds}). */
    private static String path(SkillEntry e) {
        String root = e.root();
        int at = root.indexOf("://");
        return at < 0 ? root : root.substring(at + 3);
    }
}
