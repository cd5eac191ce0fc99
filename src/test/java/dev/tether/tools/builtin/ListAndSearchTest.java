package dev.tether.tools.builtin;

import static dev.tether.tools.builtin.FileToolsTest.modelText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** list_files and search over a small tree with the directories they must skip. */
class ListAndSearchTest {
    @TempDir
    Path temp;
    ToolHarness h;

    @BeforeEach
    void setUp() throws Exception {
        h = new ToolHarness(temp);
        write("Main.java", "class Main {\n  // TODO first\n}\n");
        write("src/a/Util.java", "class Util { // TODO second\n}\n");
        write("src/notes.md", "TODO in markdown\n");
        write("target/Gen.java", "// TODO generated\n");
        write(".git/HEAD.java", "TODO git\n");
        write("node_modules/x/index.java", "TODO npm\n");
        Files.write(h.root.resolve("src/blob.bin"), new byte[] {'T', 'O', 'D', 'O', 0, 1, 2});
    }

    private void write(String path, String text) throws Exception {
        Path file = h.root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    @Test
    void listsADirectoryByDefault() throws Exception {
        String out = modelText(new ListFilesTool().run(Json.parse("{\"path\":\"src\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("src/a/\nsrc/blob.bin\nsrc/notes.md", out);
    }

    @Test
    void globFindsFilesAtEveryDepthAndSkipsBulkyDirectories() throws Exception {
        String out = modelText(new ListFilesTool().run(Json.parse("{\"pattern\":\"**/*.java\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("Main.java\nsrc/a/Util.java", out);
    }

    @Test
    void searchReportsPathLineAndText() throws Exception {
        String out = modelText(new SearchTool().run(Json.parse("{\"pattern\":\"TODO \\\\w+\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("Main.java:2: // TODO first\nsrc/a/Util.java:1: class Util { // TODO second\nsrc/notes.md:1: TODO in markdown",
                sortedLines(out));
    }

    @Test
    void searchFiltersByGlobAndPath() throws Exception {
        String byGlob = modelText(new SearchTool().run(Json.parse("{\"pattern\":\"TODO\",\"glob\":\"*.md\"}"),
                h.context(ToolHarness.LOCAL)));
        assertEquals("src/notes.md:1: TODO in markdown", byGlob);
        String byPath = modelText(new SearchTool().run(Json.parse("{\"pattern\":\"TODO\",\"path\":\"src/a\"}"),
                h.context(ToolHarness.LOCAL)));
        assertEquals("src/a/Util.java:1: class Util { // TODO second", byPath);
    }

    @Test
    void badRegexAndEscapesFailReadably() {
        ToolError.TellModel regex = assertThrows(ToolError.TellModel.class,
                () -> new SearchTool().run(Json.parse("{\"pattern\":\"(unclosed\"}"), h.context(ToolHarness.LOCAL)));
        assertTrue(regex.getMessage().startsWith("search: invalid regular expression: Unclosed group"), regex.getMessage());
        ToolError.TellModel outside = assertThrows(ToolError.TellModel.class,
                () -> new SearchTool().run(Json.parse("{\"pattern\":\"x\",\"path\":\"..\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("search: path is outside the workspace: ..", outside.getMessage());
        ToolError.TellModel list = assertThrows(ToolError.TellModel.class,
                () -> new ListFilesTool().run(Json.parse("{\"path\":\"../..\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("list_files: path is outside the workspace: ../..", list.getMessage());
    }

    @Test
    void searchStopsAtTheMatchLimit() throws Exception {
        write("many.txt", "hit\n".repeat(SearchTool.MAX_MATCHES + 5));
        String out = modelText(new SearchTool().run(Json.parse("{\"pattern\":\"hit\",\"path\":\"many.txt\"}"),
                h.context(ToolHarness.LOCAL)));
        assertEquals(SearchTool.MAX_MATCHES + 1, out.lines().count());
        assertTrue(out.endsWith("[Stopped after 200 matches. Narrow the pattern, path or glob.]"));
    }

    private static String sortedLines(String text) {
        return String.join("\n", text.lines().sorted().toList());
    }
}
