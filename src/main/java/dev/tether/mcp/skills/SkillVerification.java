package dev.tether.mcp.skills;

import dev.tether.json.FrontMatter;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Verification on read, as the Skills extension requires of a host: the content of a skill's file
 * must have exactly the size and SHA-256 digest its entry lists, and a {@code SKILL.md}'s own front
 * matter must equal the entry's field by field. Content that fails is never used: the caller gets
 * a {@link McpError.Refused} saying what did not match, and nothing of the content. A match proves
 * only that entry and content agree (both come from the same server), never that either can be
 * trusted.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
public final class SkillVerification {
    private SkillVerification() {}

    /**
     * A verified file: its text when it is UTF-8 text (null for binary content), its MIME type as
     * sent (or null) and its size.
     */
    public record Verified(String uri, String text, String mimeType, long size) {}

    /**
     * Verifies what {@code resources/read} of {@code file} returned.
     *
     * @throws McpError.Refused the answer is not one item for that URI, or its size, digest or front matter differ
     */
    public static Verified verify(SkillEntry entry, SkillEntry.SkillFile file, List<McpContent> contents) {
        List<McpContent> mine = contents.stream().filter(c -> file.uri().equals(uriOf(c))).toList();
        if (mine.size() != 1) {
            throw failed(file, mine.isEmpty() ? "the server answered with no content for it" : "the server answered with "
                    + mine.size() + " contents for it");
        }
        McpContent content = mine.getFirst();
        byte[] bytes;
        String mimeType;
        switch (content) {
            case McpContent.TextResource t -> {
                bytes = t.text().getBytes(StandardCharsets.UTF_8);
                mimeType = t.mimeType();
            }
            case McpContent.BlobResource b -> {
                try {
                    bytes = Base64.getDecoder().decode(b.base64());
                } catch (IllegalArgumentException e) {
                    throw failed(file, "its content is not valid base64");
                }
                mimeType = b.mimeType();
            }
            default -> throw failed(file, "the server answered with something other than a resource");
        }
        if (bytes.length != file.size()) {
            throw failed(file, "it is " + bytes.length + " bytes, the entry says " + file.size());
        }
        String digest = "sha256:" + HexFormat.of().formatHex(sha256(bytes));
        if (!digest.equals(file.digest())) {
            throw failed(file, "its SHA-256 digest differs from the entry's");
        }
        String text = utf8(bytes);
        if (file.uri().equals(entry.uri())) {
            sameFrontMatter(entry, file, text);
        }
        return new Verified(file.uri(), text, mimeType, bytes.length);
    }

    /** The front matter of the verified {@code SKILL.md} text must equal the entry's, field by field. */
    private static void sameFrontMatter(SkillEntry entry, SkillEntry.SkillFile file, String text) {
        if (text == null) {
            throw failed(file, "it is not UTF-8 text");
        }
        ObjectNode fields;
        try {
            fields = FrontMatter.of(text).fields();
        } catch (FrontMatter.Invalid e) {
            throw failed(file, e.getMessage());
        }
        if (!FrontMatter.opens(text)) {
            throw failed(file, "it has no front matter");
        }
        Set<String> keys = new TreeSet<>(fields.propertyNames());
        keys.addAll(entry.frontmatter().propertyNames());
        List<String> differing = keys.stream().filter(k -> !same(fields.get(k), entry.frontmatter().get(k))).toList();
        if (!differing.isEmpty()) {
            throw failed(file, "its front matter differs from the entry's in " + String.join(", ", differing));
        }
    }

    /** Equal values; null and absent are the same, and numbers compare by value (YAML 2.1 and JSON 2.10). */
    static boolean same(JsonNode a, JsonNode b) {
        boolean aNone = a == null || a.isNull();
        boolean bNone = b == null || b.isNull();
        if (aNone || bNone) {
            return aNone && bNone;
        }
        return a.equals((x, y) -> x.isNumber() && y.isNumber() ? x.decimalValue().compareTo(y.decimalValue()) : x.equals(y) ? 0 : 1, b);
    }

    private static String uriOf(McpContent content) {
        return switch (content) {
            case McpContent.TextResource t -> t.uri();
            case McpContent.BlobResource b -> b.uri();
            default -> null;
        };
    }

    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private static McpError.Refused failed(SkillEntry.SkillFile file, String why) {
        return new McpError.Refused(McpError.Refused.Ground.BOUND, file.uri() + " failed verification: " + why
                + "; its content was not used");
    }
}
