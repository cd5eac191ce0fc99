package dev.tether.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.context.commands.CommandFiles;
import dev.tether.context.commands.CommandTemplate;
import dev.tether.context.commands.FileCommand;
import dev.tether.context.skills.SkillFiles;
import dev.tether.context.skills.SkillOffer;
import dev.tether.tools.ToolError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Command files and skill folders as read from disk: precedence, syntax, and what a project's files may not do. */
class ContextFilesTest {
    @TempDir
    Path dir;

    private Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // body | input as typed | its words (';'-separated) | expansion
        "Fix $1 then $2.|a.java 'b c'|a.java;b c|Fix a.java then b c.",
        "Fix $1 then $2.|a.java|a.java|Fix a.java then .",
        "All: $ARGUMENTS|x 'y z'|x;y z|All: x 'y z'",
        "No placeholders.|||No placeholders.",
        "Costs $1 dollars: $ARGUMENTS|5|5|Costs 5 dollars: 5",
        "Ninth: [$9]|a b|a;b|Ninth: []",
    })
    void argumentsGoIntoTheBody(String body, String input, String words, String expected) {
        List<String> split = words == null ? List.of() : List.of(words.split(";"));
        assertEquals(expected, CommandTemplate.expand(body, input == null ? "" : input, split));
    }

    @Test
    void aBodyWithoutPlaceholdersKeepsWhatWasTyped() {
        assertEquals("Summarise.\n\nARGUMENTS: the last week", CommandTemplate.expand("Summarise.\n", "the last week", List.of("the", "last", "week")));
        // A replacement is literal: "$1" or a backslash in what was typed is not read as a group reference.
        assertEquals("Say $2 \\ now", CommandTemplate.expand("Say $1 now", "$2 \\", List.of("$2 \\")));
    }

    @Test
    void laterSourcesWinAndEveryLoserIsNamed() throws IOException {
        Path root = dir.resolve("repo");
        Path sub = root.resolve("pkg");
        Path user = dir.resolve("user");
        write(root.resolve(".claude/commands/test.md"), "root claude\n");
        write(root.resolve(".tether/commands/test.md"), "root tether\n");
        write(sub.resolve(".claude/commands/test.md"), "sub claude\n");
        write(root.resolve(".tether/commands/deploy.md"), "project deploy\n");
        write(user.resolve("commands/deploy.md"), "---\ndescription: My deploy\n---\nuser deploy\n");
        write(root.resolve(".tether/commands/bad name.md"), "x\n");
        write(root.resolve(".tether/commands/empty.md"), "---\ndescription: nothing\n---\n");
        write(root.resolve(".tether/commands/broken.md"), "---\ndescription: [unclosed\n---\nbody\n");
        CommandFiles.Scan scan = new CommandFiles(CommandFiles.sources(user, List.of(root, sub))).scan();
        assertEquals("sub claude", body(scan, "test"));
        assertEquals("user deploy", body(scan, "deploy"));
        assertEquals("My deploy", scan.commands().stream().filter(c -> c.name().equals("deploy")).findFirst().orElseThrow().description());
        assertEquals(2, scan.commands().size(), scan.commands().toString());
        String warnings = String.join("\n", scan.warnings());
        assertTrue(warnings.contains(root.resolve(".claude/commands/test.md") + " is not offered"), warnings);
        assertTrue(warnings.contains(root.resolve(".tether/commands/test.md") + " is not offered"), warnings);
        assertTrue(warnings.contains(root.resolve(".tether/commands/deploy.md") + " is not offered"), warnings);
        assertTrue(warnings.contains("bad name.md is not offered: its name is not a command name"), warnings);
        assertTrue(warnings.contains("empty.md is not offered: it has no text after its front matter"), warnings);
        assertTrue(warnings.contains("broken.md is not offered: the front matter is not valid YAML"), warnings);
    }

    private static String body(CommandFiles.Scan scan, String name) {
        return scan.commands().stream().filter(c -> c.name().equals(name)).map(FileCommand::body).findFirst().orElse(null);
    }

    @Test
    void aProjectsLinksAreNotFollowedButTheUsersAre() throws IOException {
        Path root = dir.resolve("repo");
        Path user = dir.resolve("user");
        Path outside = write(dir.resolve("outside/secret.md"), "private key material\n");
        Files.createDirectories(root.resolve(".tether/commands"));
        Files.createSymbolicLink(root.resolve(".tether/commands/leak.md"), outside);
        Files.createDirectories(user.resolve("commands"));
        Files.createSymbolicLink(user.resolve("commands/mine.md"), outside);
        CommandFiles.Scan scan = new CommandFiles(CommandFiles.sources(user, List.of(root))).scan();
        assertNull(body(scan, "leak"));
        assertTrue(String.join("\n", scan.warnings()).contains("leak.md is not offered: it is a symbolic link"), scan.warnings().toString());
        assertEquals("private key material", body(scan, "mine"));
    }

    @Test
    void aSkillIsOfferedByItsFrontMatterAndItsFilesReadOnlyInsideIt() throws IOException, ToolError {
        Path root = dir.resolve("repo");
        write(root.resolve(".tether/skills/release/SKILL.md"), "---\nname: release\ndescription: Cut a release\n---\nTag, build, publish.\n");
        write(root.resolve(".tether/skills/release/steps/check.md"), "check it\n");
        write(root.resolve(".tether/skills/Wrong_Name/SKILL.md"), "---\nname: Wrong_Name\ndescription: x\n---\nbody\n");
        write(root.resolve(".tether/skills/other/SKILL.md"), "---\nname: not-other\ndescription: x\n---\nbody\n");
        write(root.resolve(".tether/skills/bare/SKILL.md"), "---\nname: bare\n---\nno description\n");
        Path outside = write(dir.resolve("outside.txt"), "outside the skill\n");
        Files.createSymbolicLink(root.resolve(".tether/skills/release/link.md"), outside);
        SkillFiles skills = new SkillFiles(SkillFiles.sources(null, List.of(root)));
        SkillFiles.Scan scan = skills.scan();
        assertEquals(List.of("release"), scan.skills().stream().map(SkillFiles.LocalSkill::name).toList());
        String warnings = String.join("\n", scan.warnings());
        assertTrue(warnings.contains("breaks the naming rules"), warnings);
        assertTrue(warnings.contains("is not its folder's name"), warnings);
        assertTrue(warnings.contains("has no description"), warnings);

        SkillOffer offer = skills.offers().getFirst();
        assertEquals("Cut a release", offer.description());
        String loaded = skills.load(offer, Cancellation.root());
        assertTrue(loaded.contains("Tag, build, publish."), loaded);
        assertFalse(loaded.contains("name: release"), "the front matter is not repeated: " + loaded);
        assertTrue(loaded.contains("steps/check.md"), loaded);
        assertFalse(loaded.contains("link.md"), "a link in a project's skill is not listed: " + loaded);
        assertEquals("File steps/check.md of skill \"release\" (project skill):\ncheck it\n", skills.file(offer, "steps/check.md", Cancellation.root()));
        for (String path : List.of("../../../outside.txt", "/etc/passwd", "steps/../SKILL.md", "link.md", "")) {
            ToolError.TellModel no = assertThrows(ToolError.TellModel.class, () -> skills.file(offer, path, Cancellation.root()), path);
            assertFalse(no.getMessage().contains("outside the skill\n"), no.getMessage());
        }
    }
}
