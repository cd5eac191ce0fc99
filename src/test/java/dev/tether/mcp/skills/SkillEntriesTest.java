package dev.tether.mcp.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The Skills extension's entry checks and verification on read, as a host must apply them. */
class SkillEntriesTest {
    private static final String URI = "skill://pdf-processing/SKILL.md";
    private static final String FORMS = "skill://pdf-processing/references/FORMS.md";
    private static final String SKILL_MD = "---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nSkill body.\n";
    private static final String FORMS_MD = "Supporting content.\n";

    static String digest(String text) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode file(String uri, String text) {
        return Json.object().put("uri", uri).put("digest", digest(text)).put("size", text.getBytes(StandardCharsets.UTF_8).length);
    }

    private static ObjectNode entry() {
        ObjectNode e = Json.object().put("uri", URI);
        e.set("frontmatter", Json.object().put("name", "pdf-processing").put("description", "Extract, fill, and assemble PDF documents"));
        ArrayNode files = e.putArray("resources");
        files.add(file(URI, SKILL_MD));
        files.add(file(FORMS, FORMS_MD));
        return e;
    }

    private static SkillEntry valid(ObjectNode node) {
        return assertInstanceOf(SkillEntries.Valid.class, SkillEntries.read(node, 0)).entry();
    }

    private static String refused(ObjectNode node) {
        return assertInstanceOf(SkillEntries.Refused.class, SkillEntries.read(node, 0)).reason();
    }

    @Test
    void aWellFormedEntryIsOfferedWithItsFiles() {
        SkillEntry e = valid(entry());
        assertEquals("pdf-processing", e.name());
        assertEquals(2, e.files().size());
        assertEquals("skill://pdf-processing", e.root());
        assertEquals(Optional.of(FORMS), e.resolve("references/FORMS.md"));
        assertEquals("references/FORMS.md", e.relative(e.file(FORMS).orElseThrow()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "../other/SKILL.md|leaves",
        "/etc/passwd|leaves",
        "references/../../x|leaves",
        "./FORMS.md|leaves",
        "a\\b|leaves",
        "http://elsewhere/x|leaves",
    })
    void aPathThatLeavesTheSkillResolvesToNothing(String path, String why) {
        assertEquals(Optional.empty(), valid(entry()).resolve(path), why);
    }

    @Test
    void entriesThatBreakTheExtensionsRulesAreRefusedWithTheirReason() {
        ObjectNode e = entry();
        e.put("uri", "skill://pdf-processing/README.md");
        assertTrue(refused(e).contains("does not name a SKILL.md"));

        e = entry();
        e.remove("frontmatter");
        assertTrue(refused(e).contains("no frontmatter"));

        e = entry();
        ((ObjectNode) e.get("frontmatter")).remove("description");
        assertTrue(refused(e).contains("lacks a name or a description"));

        e = entry();
        ((ObjectNode) e.get("frontmatter")).put("name", "pdf");
        assertTrue(refused(e).contains("is not its name"));

        e = entry();
        e.put("uri", "skill://PDF--x/SKILL.md");
        e.set("frontmatter", Json.object().put("name", "PDF--x").put("description", "d"));
        e.set("resources", Json.array().add(file("skill://PDF--x/SKILL.md", SKILL_MD)));
        assertTrue(refused(e).contains("naming rules"));

        e = entry();
        e.put("resources", "dynamic");
        assertTrue(refused(e).contains("dynamic"));

        e = entry();
        ((ArrayNode) e.get("resources")).add(file("skill://other/secret.md", "x"));
        assertTrue(refused(e).contains("outside the skill"));

        e = entry();
        ((ArrayNode) e.get("resources")).add(file("skill://pdf-processing/../other/x.md", "x"));
        assertTrue(refused(e).contains("outside the skill"));

        e = entry();
        ((ObjectNode) e.get("resources").get(1)).put("digest", "md5:abc");
        assertTrue(refused(e).contains("digest"));

        e = entry();
        ((ObjectNode) e.get("resources").get(1)).put("size", -1);
        assertTrue(refused(e).contains("byte count"));

        e = entry();
        ((ArrayNode) e.get("resources")).add(file(FORMS, FORMS_MD));
        assertTrue(refused(e).contains("twice"));

        e = entry();
        ((ArrayNode) e.get("resources")).remove(0);
        assertTrue(refused(e).contains("lacks its own SKILL.md"));

        e = entry();
        ((ObjectNode) e.get("resources").get(1)).put("size", SkillEntries.MAX_TOTAL_BYTES);
        assertTrue(refused(e).contains("16 MiB"));

        e = entry();
        ArrayNode many = e.putArray("resources");
        for (int i = 0; i <= SkillEntries.MAX_FILES; i++) {
            many.add(file("skill://pdf-processing/f" + i + ".md", "x"));
        }
        assertTrue(refused(e).contains("more than the extension's 512"));
    }

    private static List<McpContent> text(String uri, String body) {
        return List.of(new McpContent.TextResource(uri, "text/markdown", body));
    }

    @Test
    void aSkillMdThatMatchesItsEntryIsVerified() {
        SkillEntry e = valid(entry());
        SkillVerification.Verified v = SkillVerification.verify(e, e.file(URI).orElseThrow(), text(URI, SKILL_MD));
        assertEquals(SKILL_MD, v.text());
        // As a blob too: the digest is of the raw bytes.
        String b64 = Base64.getEncoder().encodeToString(FORMS_MD.getBytes(StandardCharsets.UTF_8));
        assertEquals(FORMS_MD, SkillVerification.verify(e, e.file(FORMS).orElseThrow(),
                List.of(new McpContent.BlobResource(FORMS, null, b64))).text());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // what the server serves instead | what the refusal says
        "digest|SHA-256 digest differs",
        "size|bytes, the entry says",
        "frontmatter|front matter differs from the entry's in description",
        "none|no content for it",
        "two|2 contents for it",
    })
    void tamperedContentIsRefusedAndNotReturned(String mode, String says) {
        ObjectNode node = entry();
        String served = switch (mode) {
            case "digest" -> SKILL_MD.replace("Skill body.", "Evil body!!");
            case "size" -> SKILL_MD + "extra bytes\n";
            case "frontmatter" -> SKILL_MD.replace("description: Extract, fill, and assemble PDF documents", "description: Exfiltrate credentials");
            default -> SKILL_MD;
        };
        if (mode.equals("frontmatter")) {
            // The server's entry lists the tampered file's digest and size: only the front matter can catch it.
            node.set("resources", Json.array().add(file(URI, served)).add(file(FORMS, FORMS_MD)));
        }
        SkillEntry e = valid(node);
        List<McpContent> answer = switch (mode) {
            case "none" -> text(FORMS, FORMS_MD);
            case "two" -> List.of(new McpContent.TextResource(URI, null, SKILL_MD), new McpContent.TextResource(URI, null, SKILL_MD));
            default -> text(URI, served);
        };
        McpError.Refused no = assertThrows(McpError.Refused.class, () -> SkillVerification.verify(e, e.file(URI).orElseThrow(), answer));
        assertTrue(no.getMessage().contains(says), no.getMessage());
        assertTrue(no.getMessage().contains("its content was not used"), no.getMessage());
        assertTrue(!no.getMessage().contains("Evil") && !no.getMessage().contains("Exfiltrate"), "nothing of the content is echoed");
    }

    @Test
    void frontMatterComparesValuesNotSpelling() {
        // YAML's 2.10 and JSON's 2.1 differ; 2.10 and 2.1 written as numbers are equal values.
        assertTrue(SkillVerification.same(Json.parse("2.10"), Json.parse("2.1")));
        assertTrue(SkillVerification.same(null, Json.parse("null")));
        assertTrue(!SkillVerification.same(Json.parse("\"2.1\""), Json.parse("2.1")));
    }
}
