package dev.tether.mcp.skills;

import java.util.List;
import java.util.Optional;

/**
 * The skills one server offers, as its last good {@code skills/list} named them: the checked
 * entries in the server's order, and for each entry Tether refused, a line saying which and why
 * (for the log). Immutable.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public record SkillCatalog(List<SkillEntry> skills, List<String> refused) {
    public static final SkillCatalog EMPTY = new SkillCatalog(List.of(), List.of());

    public SkillCatalog {
        skills = List.copyOf(skills);
        refused = List.copyOf(refused);
    }

    /** The entry whose {@code SKILL.md} is {@code uri}, if listed. */
    public Optional<SkillEntry> skill(String uri) {
        return skills.stream().filter(s -> s.uri().equals(uri)).findFirst();
    }

    /** The same catalog with {@code entry} in place of the listed entry of its URI (added when unlisted). */
    public SkillCatalog with(SkillEntry entry) {
        List<SkillEntry> out = new java.util.ArrayList<>(skills.stream().filter(s -> !s.uri().equals(entry.uri())).toList());
        int at = skills.stream().map(SkillEntry::uri).toList().indexOf(entry.uri());
        out.add(at < 0 ? out.size() : at, entry);
        return new SkillCatalog(out, refused);
    }
}
