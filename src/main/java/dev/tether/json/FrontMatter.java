package dev.tether.json;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The YAML front matter of a Markdown file ({@code SKILL.md}, a command file): a block that opens
 * the file with a {@code ---} line and ends at the next {@code ---} line, read as a YAML mapping
 * into a JSON tree, and the body after it. A byte-order mark before the block is allowed. Text
 * that does not open with such a block has no front matter: its fields are empty and all of it is
 * the body.
 *
 * @see <a href="https://agentskills.io/specification">Agent Skills: SKILL.md format</a>
 */
public record FrontMatter(ObjectNode fields, String body) {
    /** The most of a front matter block that is parsed (UTF-8 bytes): past it a file is refused, not cut. */
    public static final int MAX_BYTES = 64 * 1024;

    private static final Pattern BLOCK = Pattern.compile("\\A---\\r?\\n([\\s\\S]*?)\\r?\\n---[ \\t]*(?:\\r?\\n|\\z)");
    private static final Pattern EMPTY_BLOCK = Pattern.compile("\\A---\\r?\\n---[ \\t]*(?:\\r?\\n|\\z)");

    /** Front matter that could not be read; the message says why, for the user. */
    public static final class Invalid extends IllegalArgumentException {
        Invalid(String message) {
            super(message);
        }
    }

    /**
     * The front matter and body of {@code text}.
     *
     * @throws Invalid the block is not a YAML mapping, is malformed or is too large
     */
    public static FrontMatter of(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        Matcher empty = EMPTY_BLOCK.matcher(t);
        if (empty.find()) {
            return new FrontMatter(Json.object(), t.substring(empty.end()));
        }
        Matcher block = BLOCK.matcher(t);
        if (!block.find()) {
            if (t.startsWith("---\n") || t.startsWith("---\r\n")) {
                throw new Invalid("the front matter opened with --- is never closed by a --- line");
            }
            return new FrontMatter(Json.object(), t);
        }
        String yaml = block.group(1);
        if (yaml.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            throw new Invalid("the front matter is larger than " + MAX_BYTES / 1024 + " KiB");
        }
        return new FrontMatter(mapping(yaml), t.substring(block.end()));
    }

    /** Whether {@code text} opens with a front matter block (well-formed or not). */
    public static boolean opens(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        return t.startsWith("---\n") || t.startsWith("---\r\n");
    }

    /** The field as a string when it is one (or a number or boolean written as YAML scalars are), else null. */
    public String string(String key) {
        JsonNode value = fields.get(key);
        return value != null && value.isValueNode() && !value.isNull() ? value.asString() : null;
    }

    private static ObjectNode mapping(String yaml) {
        if (yaml.isBlank()) {
            return Json.object();
        }
        JsonNode tree;
        try {
            tree = Yaml.MAPPER.readTree(yaml);
        } catch (JacksonException e) {
            throw new Invalid("the front matter is not valid YAML: " + firstLine(e.getOriginalMessage()));
        }
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            return Json.object();
        }
        if (!(tree instanceof ObjectNode object)) {
            throw new Invalid("the front matter is not a YAML mapping of fields");
        }
        return object;
    }

    private static String firstLine(String message) {
        String m = message == null ? "" : message.strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Loaded on the first front matter read: most sessions never read one, and YAML costs class loading. */
    private static final class Yaml {
        static final YAMLMapper MAPPER = YAMLMapper.builder().build();
    }
}
