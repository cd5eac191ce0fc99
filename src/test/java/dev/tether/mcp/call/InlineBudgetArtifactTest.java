package dev.tether.mcp.call;

import static dev.tether.testing.mcp.calls.Calls.modelText;
import static dev.tether.testing.mcp.calls.Calls.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolOutcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Text within the budget stays inline; beyond it the model gets head + hash + size + artifact id, never a path. */
class InlineBudgetArtifactTest {
    private static final Pattern ARTIFACT = Pattern.compile("artifact:([0-9a-f]{32})");

    @TempDir
    Path tmp;

    @Test
    void textWithinTheBudgetIsKeptWhole() {
        ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT.withInlineTextChars(100), new ArtifactStore(tmp.resolve("a")));
        ToolOutcome out = mapper.map(text("x".repeat(60), "y".repeat(39)), null);
        assertEquals("x".repeat(60) + "\n" + "y".repeat(39), modelText(out));
        assertFalse(Files.exists(tmp.resolve("a")), "no artifact directory for a result that fits");
    }

    @Test
    void theWholeTextGoesToAPrivateArtifactAndTheModelGetsHeadHashSizeAndId() throws Exception {
        Path dir = tmp.resolve("session-1/artifacts");
        String whole = "é".repeat(50) + "line\n".repeat(400);
        ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT.withInlineTextChars(1000), new ArtifactStore(dir));
        ToolOutcome out = mapper.map(text(whole), null);
        String model = modelText(out);

        byte[] bytes = whole.getBytes(StandardCharsets.UTF_8);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        Matcher id = ARTIFACT.matcher(model);
        assertTrue(id.find(), model);
        assertEquals(whole.substring(0, 1000) + "\n\n[output truncated: the first 1000 of " + whole.length()
                + " characters are shown (" + bytes.length + " bytes as UTF-8, 400 lines, sha256 " + sha
                + "); the whole text is kept as artifact:" + id.group(1) + ": read on with read_artifact {\"id\": \"artifact:"
                + id.group(1) + "\", \"offset\": 191} (lines), or find lines with its \"pattern\"]", model);
        Path file = dir.resolve(id.group(1));
        assertEquals(whole, Files.readString(file));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertFalse(model.contains(tmp.toString()), "the model never sees a local path");
        String editor = ((ToolDisplay.Text) out.forEditor().getFirst()).text();
        assertEquals(model, editor);
        assertFalse(Json.write(out).contains(tmp.toString()), "nothing in the outcome names a local path");
        assertNotNull(new ArtifactStore(dir).file(id.group(1)));
    }

    @Test
    void anUnwritableArtifactDirectoryLeavesOnlyTheMetadata() throws Exception {
        Path notADirectory = Files.writeString(tmp.resolve("file"), "occupied");
        for (ArtifactStore store : new ArtifactStore[] {new ArtifactStore(notADirectory.resolve("artifacts")),
                new ArtifactStore(notADirectory), ArtifactStore.none()}) {
            ToolOutcome out = new ResultMapper(ResultLimits.DEFAULT.withInlineTextChars(10), store).map(text("0123456789abcdef"), null);
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest("0123456789abcdef".getBytes(StandardCharsets.UTF_8)));
            assertEquals("0123456789\n\n[output truncated: the first 10 of 16 characters are shown (16 bytes as UTF-8, 1 line, sha256 "
                    + sha + "); the rest could not be kept]", modelText(out));
        }
        assertEquals("occupied", Files.readString(notADirectory));
    }

    @Test
    void embeddedTextResourcesShareTheBudgetAndTheArtifact() throws Exception {
        Path dir = tmp.resolve("art");
        ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT.withInlineTextChars(50), new ArtifactStore(dir));
        ToolOutcome out = mapper.map(new dev.tether.mcp.api.McpCallResult(java.util.List.of(
                new dev.tether.mcp.api.McpContent.TextResource("file:///log.txt", "text/plain", "z".repeat(200))), null, false), null);
        Matcher id = ARTIFACT.matcher(modelText(out));
        assertTrue(id.find());
        assertEquals("[resource file:///log.txt (text/plain)]\n" + "z".repeat(200), Files.readString(dir.resolve(id.group(1))));
    }
}
