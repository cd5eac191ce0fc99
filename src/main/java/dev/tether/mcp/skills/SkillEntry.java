package dev.tether.mcp.skills;

import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * One skill a server serves, as its {@code skills/list} (or {@code skills/get}) entry describes it,
 * after {@link SkillEntries} checked it: the URI of its {@code SKILL.md}, the name and description
 * of its front matter, the whole front matter as sent (what the file's own must equal), and every
 * file of the skill with the digest and size its content must have. Identity is the pair of the
 * server and {@link #uri()}: two servers may serve the same URI.
 *
 * @param frontmatter the entry's front matter, as sent; never changed
 * @param files       every file of the skill, {@code SKILL.md} among them
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public record SkillEntry(String uri, String name, String description, ObjectNode frontmatter, List<SkillFile> files) {
    /** The name of the file that makes a directory a skill. */
    public static final String SKILL_MD = "SKILL.md";

    /** One file of a skill: {@code digest} is {@code sha256:} and 64 lowercase hex digits of its raw bytes. */
    public record SkillFile(String uri, String digest, long size) {}

    public SkillEntry {
        files = List.copyOf(files);
    }

    /** The skill's directory: its {@code SKILL.md} URI without {@code /SKILL.md}. */
    public String root() {
        return uri.substring(0, uri.length() - SKILL_MD.length() - 1);
    }

    /** The listed file with this URI, if any. */
    public Optional<SkillFile> file(String fileUri) {
        return files.stream().filter(f -> f.uri().equals(fileUri)).findFirst();
    }

    /** The sum of the listed sizes. */
    public long totalBytes() {
        return files.stream().mapToLong(SkillFile::size).sum();
    }

    /**
     * The URI of a file given by its path relative to the skill's root ({@code references/FORMS.md}),
     * as a relative reference resolves in the filesystem form of a skill; empty for a path that
     * leaves the skill or is not a plain relative path ({@code ..}, {@code .}, a leading {@code /},
     * empty segments, a backslash, a scheme).
     */
    public Optional<String> resolve(String relative) {
        if (relative == null || relative.isEmpty() || relative.startsWith("/") || relative.contains("\\") || relative.contains("://")) {
            return Optional.empty();
        }
        for (String segment : relative.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return Optional.empty();
            }
        }
        return Optional.of(root() + "/" + relative);
    }

    /** The path of a listed file relative to the skill's root. */
    public String relative(SkillFile file) {
        return file.uri().substring(root().length() + 1);
    }
}
