package dev.tether.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FrontMatterTest {

    @Test
    void aSkillFileSplitsIntoItsFieldsAndBody() {
        FrontMatter fm = FrontMatter.of("---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nSkill body.\n");
        assertEquals(Json.parse("{\"name\":\"pdf-processing\",\"description\":\"Extract, fill, and assemble PDF documents\"}"), fm.fields());
        assertEquals("\nSkill body.\n", fm.body());
    }

    @Test
    void nestedValuesListsAndFoldedTextAreRead() {
        FrontMatter fm = FrontMatter.of("""
                ---
                name: refunds
                description: >
                  Process refund requests
                  per policy
                allowed-tools: [Read, Grep]
                metadata:
                  version: "2.1"
                  internal: true
                ---
                Body""");
        assertEquals("Process refund requests per policy\n", fm.string("description"));
        assertEquals(Json.parse("[\"Read\",\"Grep\"]"), fm.fields().get("allowed-tools"));
        assertEquals(Json.parse("{\"version\":\"2.1\",\"internal\":true}"), fm.fields().get("metadata"));
        assertEquals("Body", fm.body());
    }

    @Test
    void textWithoutABlockIsAllBody() {
        FrontMatter fm = FrontMatter.of("# Review\n---\nnot front matter\n");
        assertEquals(Json.object(), fm.fields());
        assertEquals("# Review\n---\nnot front matter\n", fm.body());
        assertFalse(FrontMatter.opens(fm.body()));
    }

    @Test
    void aByteOrderMarkAndWindowsLineEndsAreAccepted() {
        FrontMatter fm = FrontMatter.of("\uFEFF---\r\ndescription: Review a PR\r\n---\r\nBody\r\n");
        assertEquals("Review a PR", fm.string("description"));
        assertEquals("Body\r\n", fm.body());
    }

    @Test
    void anEmptyBlockHasNoFields() {
        assertEquals(Json.object(), FrontMatter.of("---\n---\nBody").fields());
        assertEquals(Json.object(), FrontMatter.of("---\n\n---\nBody").fields());
        assertEquals("Body", FrontMatter.of("---\n---\nBody").body());
    }

    @Test
    void brokenFrontMatterIsRefusedWithAReason() {
        assertTrue(assertThrows(FrontMatter.Invalid.class, () -> FrontMatter.of("---\nname: [unclosed\n---\nx")).getMessage()
                .startsWith("the front matter is not valid YAML"));
        assertEquals("the front matter is not a YAML mapping of fields",
                assertThrows(FrontMatter.Invalid.class, () -> FrontMatter.of("---\n- a\n- b\n---\nx")).getMessage());
        assertTrue(assertThrows(FrontMatter.Invalid.class, () -> FrontMatter.of("---\nname: x\nno end")).getMessage().contains("never closed"));
        String huge = "---\ndescription: " + "x".repeat(FrontMatter.MAX_BYTES) + "\n---\n";
        assertTrue(assertThrows(FrontMatter.Invalid.class, () -> FrontMatter.of(huge)).getMessage().contains("larger than 64 KiB"));
    }

    @Test
    void stringReadsScalarsOnly() {
        FrontMatter fm = FrontMatter.of("---\ndescription: 42\nlist: [a]\nnothing:\n---\n");
        assertEquals("42", fm.string("description"));
        assertNull(fm.string("list"));
        assertNull(fm.string("nothing"));
        assertNull(fm.string("absent"));
    }

    /** "Billion laughs": nine levels of nine aliases would expand to 387 million strings if aliases were resolved. */
    @Test
    void aliasBombsAreNotExpanded() {
        StringBuilder yaml = new StringBuilder("---\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            char p = (char) (c - 1);
            yaml.append(c).append(": &").append(c).append(" [").append(String.join(",", java.util.Collections.nCopies(9, "*" + p))).append("]\n");
        }
        yaml.append("---\nbody");
        String bomb = yaml.toString();
        FrontMatter fm = FrontMatter.of(bomb);
        // An alias stays the name of its anchor: nothing is expanded, so the tree is as small as the text.
        assertEquals(Json.parse("[\"h\",\"h\",\"h\",\"h\",\"h\",\"h\",\"h\",\"h\",\"h\"]"), fm.fields().get("i"));
        assertTrue(fm.fields().toString().length() < 2 * bomb.length(), fm.fields().toString());
    }
}
