package dev.tether.mcp.skills;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads one skill entry of {@code skills/list} or {@code skills/get} and checks it as the Skills
 * extension requires before a host may offer, let alone load, the skill: the {@code SKILL.md} URI
 * whose last skill-path segment is the front matter's {@code name} (by the Agent Skills naming
 * rules), a front matter object with a {@code name} and a {@code description}, and a complete list
 * of the skill's files, each inside the skill with a well-formed digest and a size, within the
 * extension's limits (512 files, 16 MiB). An entry whose files are {@code "dynamic"} has no
 * digests to verify its content against: Tether does not offer it. A refused entry is reported
 * with its reason; the rest of the listing stands.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public final class SkillEntries {
    /** The extension's identifier, under {@code capabilities.extensions}. */
    public static final String EXTENSION = "io.modelcontextprotocol/skills";
    /** The extension's limits, which every host must support and Tether does not go past. */
    public static final int MAX_FILES = 512;
    public static final long MAX_TOTAL_BYTES = 16L * 1024 * 1024;

    /** Agent Skills: 1-64 lowercase letters, digits and hyphens, no leading, trailing or double hyphen. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");

    private SkillEntries() {}

    /** An entry as read: a skill Tether may offer, or the reason it does not. */
    public sealed interface Checked permits Valid, Refused {}

    public record Valid(SkillEntry entry) implements Checked {}

    /** @param label the entry's URI as sent (or its position), for the user */
    public record Refused(String label, String reason) implements Checked {}

    /** Whether {@code name} follows the Agent Skills naming rules. */
    public static boolean validName(String name) {
        return name != null && name.length() <= 64 && NAME.matcher(name).matches();
    }

    /** Checks one entry; never throws. */
    public static Checked read(JsonNode node, int position) {
        String label = node != null && node.path("uri").isString() ? node.get("uri").asString() : "entry " + position;
        if (node == null || !node.isObject()) {
            return new Refused(label, "the entry is not an object");
        }
        String uri = node.path("uri").isString() ? node.get("uri").asString() : null;
        if (uri == null || !uri.endsWith("/" + SkillEntry.SKILL_MD) || !uri.contains("://")) {
            return new Refused(label, "its uri does not name a " + SkillEntry.SKILL_MD);
        }
        JsonNode fm = node.get("frontmatter");
        if (!(fm instanceof ObjectNode frontmatter)) {
            return new Refused(label, "it has no frontmatter object");
        }
        String name = frontmatter.path("name").isString() ? frontmatter.get("name").asString() : null;
        String description = frontmatter.path("description").isString() ? frontmatter.get("description").asString() : null;
        if (name == null || name.isBlank() || description == null || description.isBlank()) {
            return new Refused(label, "its frontmatter lacks a name or a description");
        }
        String path = uri.substring(uri.indexOf("://") + 3, uri.length() - SkillEntry.SKILL_MD.length() - 1);
        String last = path.substring(path.lastIndexOf('/') + 1);
        if (!last.equals(name)) {
            return new Refused(label, "the last segment of its path (\"" + last + "\") is not its name (\"" + name + "\")");
        }
        if (!validName(name)) {
            return new Refused(label, "its name \"" + name + "\" breaks the naming rules (1-64 lowercase letters, digits and single hyphens)");
        }
        JsonNode resources = node.get("resources");
        if (resources != null && resources.isString() && resources.asString().equals("dynamic")) {
            return new Refused(label, "its files are generated (resources: \"dynamic\") and carry no digests, so Tether cannot verify them");
        }
        if (resources == null || !resources.isArray()) {
            return new Refused(label, "it lists no resources array");
        }
        List<SkillEntry.SkillFile> files = new ArrayList<>();
        String problem = files(resources, uri, files);
        if (problem != null) {
            return new Refused(label, problem);
        }
        return new Valid(new SkillEntry(uri, name, description, frontmatter.deepCopy(), files));
    }

    /** Reads the files into {@code out}; the reason they are refused, or null. */
    private static String files(JsonNode resources, String uri, List<SkillEntry.SkillFile> out) {
        if (resources.size() > MAX_FILES) {
            return "it lists " + resources.size() + " files, more than the extension's " + MAX_FILES;
        }
        String root = uri.substring(0, uri.length() - SkillEntry.SKILL_MD.length());
        Set<String> seen = new HashSet<>();
        long total = 0;
        for (JsonNode r : resources) {
            String fileUri = r.path("uri").isString() ? r.get("uri").asString() : null;
            if (fileUri == null || !fileUri.startsWith(root) || fileUri.length() == root.length() || !plainPath(fileUri.substring(root.length()))) {
                return "it lists a file outside the skill (" + (fileUri == null ? "no uri" : fileUri) + ")";
            }
            String digest = r.path("digest").isString() ? r.get("digest").asString() : null;
            if (digest == null || !DIGEST.matcher(digest).matches()) {
                return "the digest of " + fileUri + " is not sha256: and 64 lowercase hex digits";
            }
            JsonNode size = r.get("size");
            if (size == null || !size.isIntegralNumber() || !size.canConvertToLong() || size.asLong() < 0) {
                return "the size of " + fileUri + " is not a byte count";
            }
            if (!seen.add(fileUri)) {
                return "it lists " + fileUri + " twice";
            }
            total += size.asLong();
            if (total > MAX_TOTAL_BYTES) {
                return "its files add up to more than the extension's " + MAX_TOTAL_BYTES / (1024 * 1024) + " MiB";
            }
            out.add(new SkillEntry.SkillFile(fileUri, digest, size.asLong()));
        }
        if (!seen.contains(uri)) {
            return "its list of files lacks its own " + SkillEntry.SKILL_MD;
        }
        return null;
    }

    /** A path made of plain segments: no empty, {@code .} or {@code ..} segment. */
    private static boolean plainPath(String path) {
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }
}
