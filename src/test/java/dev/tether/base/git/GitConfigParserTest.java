package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.git.GitConfigParser.Entry;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Git's configuration syntax, rule by rule, as {@code git config} reads it. */
class GitConfigParserTest {
    private static List<Entry> parse(String text) {
        List<Entry> entries = new ArrayList<>();
        try {
            GitConfigParser.parse(new StringReader(text), entries::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    private static Entry entry(String name, String value) {
        return new Entry(name, value, false);
    }

    @Test
    void sectionsAndKeysIgnoreCaseAndSubsectionsKeepIt() {
        assertEquals(List.of(entry("core.hookspath", ".githooks"), entry("remote.Origin.url", "x"),
                        entry("includeif.gitdir:~/Work/.path", "~/work.inc")),
                parse("[CoRe]\n\tHooksPath = .githooks\n[remote \"Origin\"]\n\tURL = x\n[includeIf \"gitdir:~/Work/\"]\n path = ~/work.inc\n"));
    }

    @Test
    void theLegacySubsectionIsLowerCasedWhole() {
        assertEquals(List.of(entry("includeif.gitdir-x.path", "a")), parse("[includeIf.Gitdir-X]\npath = a\n"));
        Entry legacy = parse("[remote.Origin]\nurl = u\n").getFirst();
        assertEquals("remote", legacy.section());
        assertEquals("origin", legacy.subsection());
        assertEquals("url", legacy.key());
    }

    @Test
    void aSubsectionTakesEscapedQuotesAndBackslashes() {
        assertEquals(List.of(entry("includeif.gitdir:a\"b\\c.path", "v")), parse("[includeIf \"gitdir:a\\\"b\\\\c\"]\npath=v\n"));
    }

    @Test
    void anEntryMayFollowItsHeaderOnTheSameLine() {
        assertEquals(List.of(entry("core.fsmonitor", "touch x"), entry("include.path", "y")),
                parse("[core] fsmonitor = touch x\n[include]path=y"));
    }

    @Test
    void valuesUndoQuotesAndEscapes() {
        assertEquals(List.of(entry("a.b", "one  \"two\" # three\tfour\nfive\\six\b")),
                parse("[a]\nb = one  \"\\\"two\\\" # three\"\\tfour\\nfive\\\\six\\b\n"));
    }

    @Test
    void aBackslashAtTheEndOfALineJoinsTheNext() {
        assertEquals(List.of(entry("core.hookspath", ".git hooks"), entry("core.after", "1")),
                parse("[core]\nhooksPath = .git \\\nhooks\nafter = 1\n"));
    }

    @Test
    void commentsEndAValueOutsideQuotesOnly() {
        assertEquals(List.of(entry("a.b", "x"), entry("a.c", "y ; z"), entry("a.d", "w")),
                parse("# top\n; also\n[a] # header comment\nb = x # comment\nc = \"y ; z\" ; comment\n  # indented\nd = w;comment\n"));
    }

    @Test
    void aKeyWithoutAValueIsABooleanWithNoValue() {
        assertEquals(List.of(entry("core.bare", null), entry("core.x", ""), entry("core.y", "")), parse("[core]\nbare\nx =\ny = \"\"\n"));
    }

    @Test
    void whitespaceAroundAValueGoesAndInsideItStays() {
        assertEquals(List.of(entry("a.b", "p  q"), entry("a.c", "  r ")), parse("[a]\n\tb   =   p  q   \t\nc = \"  r \"  \n"));
    }

    @Test
    void aByteOrderMarkAndWindowsLineEndsAreRead() {
        assertEquals(List.of(entry("core.hookspath", "h"), entry("core.x", "1")), parse("\uFEFF[core]\r\nhooksPath = h\r\nx = 1\r\n"));
    }

    @Test
    void malformedLinesAreSkippedAndReadingGoesOn() {
        String text = """
                [core
                hooksPath = before-any-section
                [core]
                9key = x
                key with spaces = y
                bad = "open quote
                esc = \\q
                = nothing
                good = 1
                [sec "unterminated]
                after = 2
                [s "a"x]
                b = 3
                """;
        // Git refuses the whole file; reading on (a bad header keeps the section before it) only reads more.
        assertEquals(List.of(entry("core.good", "1"), entry("core.after", "2"), entry("core.b", "3")), parse(text));
    }

    @Test
    void entriesBeforeAnySectionAreNotKept() {
        assertEquals(List.of(entry("a.b", "2")), parse("b = 1\n[a]\nb = 2\n"));
    }

    @Test
    void anOverlongValueIsCutAndMarked() {
        String huge = "x".repeat(GitConfigParser.MAX_FIELD_CHARS + 10);
        List<Entry> entries = parse("[include]\npath = " + huge + "\n[core]\nhooksPath = h\n");
        assertEquals(2, entries.size());
        assertTrue(entries.getFirst().cut());
        assertEquals(GitConfigParser.MAX_FIELD_CHARS, entries.getFirst().value().length());
        assertEquals(entry("core.hookspath", "h"), entries.get(1));
    }

    @Test
    void anOverlongNameSkipsItsLine() {
        String name = "k".repeat(GitConfigParser.MAX_FIELD_CHARS + 1);
        // The overlong header is skipped too, so the section before it goes on.
        assertEquals(List.of(entry("a.b", "1"), entry("a.c", "2")), parse("[a]\n" + name + " = 1\nb = 1\n[" + name + "]\nc = 2\n"));
    }

    @Test
    void binaryJunkNeverBreaksTheReader() {
        Random random = new Random(23);
        for (int round = 0; round < 200; round++) {
            StringBuilder junk = new StringBuilder();
            for (int i = 0; i < 2_000; i++) {
                junk.append((char) random.nextInt(round % 2 == 0 ? 128 : 0x3000));
            }
            List<Entry> entries = parse(junk + "\n[core]\nhooksPath = after-junk\n");
            assertEquals(entry("core.hookspath", "after-junk"), entries.getLast(), "round " + round);
        }
    }
}
