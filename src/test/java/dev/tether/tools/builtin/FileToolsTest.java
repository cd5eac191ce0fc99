package dev.tether.tools.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.tools.Location;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolHarness;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** read_file, write_file and edit_file, locally and through the editor's fs methods. */
class FileToolsTest {
    @TempDir
    Path temp;
    ToolHarness h;

    @BeforeEach
    void setUp() {
        h = new ToolHarness(temp);
    }

    static String modelText(ToolOutcome outcome) {
        return ((Part.Text) outcome.forModel().getFirst()).text();
    }

    @Test
    void readsNumberedLinesLocally() throws Exception {
        Files.writeString(h.root.resolve("a.txt"), "one\ntwo\nthree\n");
        ToolOutcome out = new ReadFileTool().run(Json.parse("{\"path\":\"a.txt\",\"offset\":2,\"limit\":1}"), h.context(ToolHarness.LOCAL));
        assertEquals("     2\ttwo\n\n[Showing lines 2-2. The file continues: call read_file with offset 3.]", modelText(out));
        assertEquals(List.of(ToolDisplay.text("```\ntwo\n```")), out.forEditor());
        assertTrue(h.editor.calls().isEmpty(), "no editor calls without the fs capability");
    }

    @Test
    void aSecretOfSeveralLinesIsMaskedWhereverTheWindowStartsOrEnds() throws Exception {
        String key = "-----BEGIN KEY-----\nAAAA1111bbbb\nCCCC2222dddd\n-----END KEY-----";
        dev.tether.security.SecretRegistry secrets = dev.tether.security.SecretRegistry.empty();
        secrets.register(key);
        ReadFileTool tool = new ReadFileTool(dev.tether.security.SecretCuts.of(secrets));
        Files.writeString(h.root.resolve("id.pem"), "before\n" + key + "\nafter\n");
        for (int offset = 1; offset <= 6; offset++) {
            for (int limit = 1; limit <= 3; limit++) {
                String out = modelText(tool.run(Json.parse("{\"path\":\"id.pem\",\"offset\":" + offset + ",\"limit\":" + limit + "}"),
                        h.context(ToolHarness.LOCAL)));
                assertTrue(!out.contains("AAAA1111") && !out.contains("CCCC2222") && !out.contains("KEY-----"), offset + "/" + limit + ": " + out);
            }
        }
        // The marker keeps the value's line breaks: "after" is still line 6.
        String whole = modelText(tool.run(Json.parse("{\"path\":\"id.pem\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("     1\tbefore\n     2\t[REDACTED]\n     3\t\n     4\t\n     5\t\n     6\tafter\n", whole);
    }

    @Test
    void capsLongFilesAndSaysWhereToContinue() throws Exception {
        String text = IntStream.rangeClosed(1, 2500).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));
        Files.writeString(h.root.resolve("big.txt"), text);
        String out = modelText(new ReadFileTool().run(Json.parse("{\"path\":\"big.txt\"}"), h.context(ToolHarness.LOCAL)));
        assertTrue(out.contains("  2000\tline 2000\n"));
        assertTrue(!out.contains("line 2001"));
        assertTrue(out.endsWith("call read_file with offset 2001.]"), out.substring(out.length() - 100));
    }

    @Test
    void readsTheEditorsUnsavedBufferWhenOffered() throws Exception {
        Path file = h.root.resolve("a.txt");
        Files.writeString(file, "on disk\n");
        h.editor.buffer(file, "unsaved\n");
        String out = modelText(new ReadFileTool().run(Json.parse("{\"path\":\"a.txt\"}"), h.context(ToolHarness.EDITOR)));
        assertEquals("     1\tunsaved\n", out);
        assertEquals(Json.parse("{\"sessionId\":\"s-1\",\"path\":\"" + file + "\",\"line\":1,\"limit\":2001}"),
                h.editor.calls("fs/read_text_file").getFirst().params());
    }

    @Test
    void missingFileFailsReadablyOnBothPaths() {
        for (var caps : List.of(ToolHarness.LOCAL, ToolHarness.EDITOR)) {
            ToolError.TellModel f = assertThrows(ToolError.TellModel.class,
                    () -> new ReadFileTool().run(Json.parse("{\"path\":\"nope.txt\"}"), h.context(caps)));
            assertEquals("read_file: file not found: nope.txt", f.getMessage());
        }
    }

    @Test
    void refusesPathsOutsideTheWorkspace() throws Exception {
        Files.writeString(temp.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(h.root.resolve("link"), temp);
        for (String path : List.of("../secret.txt", temp.resolve("secret.txt").toString(), "link/secret.txt")) {
            ToolError.TellModel f = assertThrows(ToolError.TellModel.class,
                    () -> new ReadFileTool().run(Json.parse("{\"path\":\"" + path + "\"}"), h.context(ToolHarness.EDITOR)));
            assertEquals("read_file: path is outside the workspace: " + path, f.getMessage());
        }
        ToolError.TellModel write = assertThrows(ToolError.TellModel.class, () -> new WriteFileTool()
                .run(Json.parse("{\"path\":\"link/new.txt\",\"content\":\"x\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("write_file: path is outside the workspace: link/new.txt", write.getMessage());
        assertTrue(Files.notExists(temp.resolve("new.txt")));
        assertTrue(h.editor.calls().isEmpty(), "nothing outside the workspace reaches the editor");
    }

    @Test
    void writeCreatesAFileWithANullOldTextDiff() throws Exception {
        ToolOutcome out = new WriteFileTool().run(Json.parse("{\"path\":\"src/new.txt\",\"content\":\"hi\\n\"}"),
                h.context(ToolHarness.LOCAL));
        Path file = h.root.resolve("src/new.txt");
        assertEquals("hi\n", Files.readString(file));
        assertEquals(List.of(new ToolDisplay.Diff(file.toString(), null, "hi\n")), out.forEditor());
        assertEquals("Created src/new.txt (1 lines).", modelText(out));
    }

    @Test
    void writeThroughTheEditorDiffsAgainstItsBuffer() throws Exception {
        Path file = h.root.resolve("a.txt");
        Files.writeString(file, "disk\n");
        h.editor.buffer(file, "buffer\n");
        ToolOutcome out = new WriteFileTool().run(Json.parse("{\"path\":\"a.txt\",\"content\":\"new\\n\"}"),
                h.context(ToolHarness.EDITOR));
        assertEquals(List.of(new ToolDisplay.Diff(file.toString(), "buffer\n", "new\n")), out.forEditor());
        assertEquals(Json.parse("{\"sessionId\":\"s-1\",\"path\":\"" + file + "\",\"content\":\"new\\n\"}"),
                h.editor.calls("fs/write_text_file").getFirst().params());
        assertEquals("new\n", Files.readString(file));
    }

    @Test
    void editReplacesAUniqueStringAndReturnsADiff() throws Exception {
        Path file = h.root.resolve("README.md");
        Files.writeString(file, "# Title\nhello world\n");
        var input = Json.parse("{\"path\":\"README.md\",\"old_string\":\"hello\",\"new_string\":\"goodbye\"}");
        ToolCallView view = new EditFileTool().describe(input, h.context(ToolHarness.LOCAL));
        var diff = new ToolDisplay.Diff(file.toString(), "# Title\nhello world\n", "# Title\ngoodbye world\n");
        assertEquals(new ToolCallView("Edit README.md", ToolKind.EDIT, List.of(new Location(file.toString(), 2)),
                List.of(diff)), view);
        assertEquals("# Title\nhello world\n", Files.readString(file), "describe has no side effects");

        ToolOutcome out = new EditFileTool().run(input, h.context(ToolHarness.LOCAL));
        assertEquals("# Title\ngoodbye world\n", Files.readString(file));
        assertEquals(List.of(diff), out.forEditor());
        assertEquals("Edited README.md: replaced 1 occurrence (first at line 2).", modelText(out));
    }

    @Test
    void editRefusesAmbiguousOrMissingStringsUnlessReplaceAll() throws Exception {
        Path file = h.root.resolve("a.txt");
        Files.writeString(file, "x = 1\nx = 1\n");
        ToolError.TellModel ambiguous = assertThrows(ToolError.TellModel.class, () -> new EditFileTool().run(
                Json.parse("{\"path\":\"a.txt\",\"old_string\":\"x = 1\",\"new_string\":\"x = 2\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("edit_file: old_string occurs 2 times in a.txt; include more surrounding text to make it unique, "
                + "or set replace_all to true", ambiguous.getMessage());
        ToolError.TellModel missing = assertThrows(ToolError.TellModel.class, () -> new EditFileTool().run(
                Json.parse("{\"path\":\"a.txt\",\"old_string\":\"y\",\"new_string\":\"z\"}"), h.context(ToolHarness.LOCAL)));
        assertTrue(missing.getMessage().startsWith("edit_file: old_string was not found in a.txt"));
        ToolError.TellModel required = assertThrows(ToolError.TellModel.class, () -> new EditFileTool().run(
                Json.parse("{\"path\":\"a.txt\",\"new_string\":\"z\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("edit_file: old_string is required", required.getMessage());
        assertEquals("x = 1\nx = 1\n", Files.readString(file));

        new EditFileTool().run(Json.parse("{\"path\":\"a.txt\",\"old_string\":\"1\",\"new_string\":\"2\",\"replace_all\":true}"),
                h.context(ToolHarness.LOCAL));
        assertEquals("x = 2\nx = 2\n", Files.readString(file));
    }

    @Test
    void editThroughTheEditorEditsTheBufferText() throws Exception {
        Path file = h.root.resolve("a.txt");
        Files.writeString(file, "old disk\n");
        h.editor.buffer(file, "typed but unsaved\n");
        new EditFileTool().run(Json.parse("{\"path\":\"a.txt\",\"old_string\":\"typed\",\"new_string\":\"edited\"}"),
                h.context(ToolHarness.EDITOR));
        assertEquals("edited but unsaved\n", Files.readString(file));
        assertEquals(List.of("fs/read_text_file", "fs/write_text_file"), h.editor.methods());
    }

    @Test
    void describeGivesTitlesEvenForBadInput() {
        var ctx = h.context(ToolHarness.LOCAL);
        assertEquals("Read file", new ReadFileTool().describe(Json.parse("{}"), ctx).title());
        assertEquals("Read src/Main.java", new ReadFileTool().describe(Json.parse("{\"path\":\"src/Main.java\"}"), ctx).title());
        var write = new WriteFileTool().describe(Json.parse("{\"path\":\"n.txt\",\"content\":\"c\"}"), ctx);
        assertEquals(List.of(new ToolDisplay.Diff(h.root.resolve("n.txt").toString(), null, "c")), write.preview());
    }
}
