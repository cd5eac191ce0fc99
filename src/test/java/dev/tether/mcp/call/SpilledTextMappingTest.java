package dev.tether.mcp.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.jsonrpc.Spilled;
import dev.tether.jsonrpc.SpilledString;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.tools.ToolOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A text item that arrived in a spill file maps to exactly what the same text in memory maps to
 * — inline or cut with an artifact, an error's redacted head, a structured result that repeats
 * it — and its file is closed once mapped. The store's spill files are private and vanish.
 */
class SpilledTextMappingTest {
    @TempDir
    Path dir;

    private static String rows(String word) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            text.append(word).append(' ').append(i).append(" token=sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789 \u200Bcaf\u00e9\n");
        }
        return text.toString();
    }

    private ToolOutcome map(McpContent item, JsonNode structured, boolean isError, String where) {
        return new ResultMapper(ResultLimits.DEFAULT, new ArtifactStore(dir.resolve(where)))
                .map(new McpCallResult(List.of(item, new McpContent.Text("after")), structured, isError), null);
    }

    private ToolOutcome sameAsInMemory(String text, JsonNode structured, boolean isError) throws IOException {
        SpilledString spilled = Spilled.of(text, dir);
        ToolOutcome fromFile = map(new McpContent.SpilledText(spilled), structured, isError, "a");
        ToolOutcome inMemory = map(new McpContent.Text(text), structured, isError, "b");
        assertEquals(strip(inMemory), strip(fromFile), "isError " + isError);
        assertFalse(spilled.isOpen(), "the file is closed once mapped");
        return fromFile;
    }

    /** The outcome as JSON with artifact ids blanked (each mapping writes its own). */
    private static String strip(ToolOutcome outcome) {
        return (outcome.forModel() + " " + outcome.forEditor() + " " + outcome.audit())
                .replaceAll("artifact:[0-9a-f]{32}", "artifact:ID");
    }

    @Test
    void aSpilledTextMapsAsTheSameTextInMemory() throws IOException {
        sameAsInMemory(rows("row"), null, false);
        sameAsInMemory("short and inline", null, false);
    }

    @Test
    void aSpilledErrorTextIsRedactedAndCutAsInMemory() throws IOException {
        sameAsInMemory(rows("failure"), null, true);
    }

    @Test
    void aStructuredResultThatRepeatsTheSpilledTextIsNotAddedTwice() throws IOException {
        var structured = Json.object();
        var list = structured.putArray("rows");
        for (int i = 0; i < 20_000; i++) {
            list.add("row " + i);
        }
        String text = Json.write(structured);
        ToolOutcome outcome = sameAsInMemory(text, structured, false);
        assertTrue(outcome.forModel().toString().contains(" of " + (text.length() + "\nafter".length()) + " characters"),
                "the text and \"after\", without the structured result again");
    }

    @Test
    void spillFilesArePrivateAndLeaveNoNameBehind() throws IOException {
        Path artifacts = dir.resolve("artifacts");
        ArtifactStore store = new ArtifactStore(artifacts);
        try (var file = store.spillFile()) {
            file.write(java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertEquals(3, file.size());
            try (Stream<Path> names = Files.list(artifacts)) {
                assertEquals(List.of(), names.toList(), "unlinked as soon as it is open");
            }
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(artifacts, LinkOption.NOFOLLOW_LINKS)));
        }
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Path linked = Files.createSymbolicLink(dir.resolve("linked"), elsewhere);
        assertThrows(IOException.class, () -> new ArtifactStore(linked).spillFile(), "never through a linked directory");
        assertThrows(IOException.class, () -> ArtifactStore.none().spillFile());
        try (Stream<Path> names = Files.list(elsewhere)) {
            assertTrue(names.findAny().isEmpty());
        }
    }
}
