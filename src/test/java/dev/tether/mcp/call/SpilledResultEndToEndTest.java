package dev.tether.mcp.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.Part;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.tools.ToolOutcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool result of a few megabytes from a real stdio server, long enough for its text to be
 * spilled to a file while it is read: the model gets exactly the text the in-memory path gives,
 * the artifact holds every byte the server sent (same sha256), read_artifact reads it, and no
 * spill file is left in the session's directory.
 */
class SpilledResultEndToEndTest {
    private static final Pattern ARTIFACT = Pattern.compile("artifact:([0-9a-f]{32})");
    private static final int ROWS = 60_000;

    @TempDir
    Path dir;

    /** About 3.5 MB: quotes, backslashes, tabs and newlines (JSON escapes), é and an emoji (UTF-8, a surrogate pair). */
    private static String rows() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= ROWS; i++) {
            text.append("row ").append(i).append(" \"caf\u00e9\" \\ \t\ud83d\ude00 data\n");
        }
        return text.toString();
    }

    @Test
    void aSpilledResultReachesTheModelAndReadArtifactIntact() throws Exception {
        String sent = rows();
        Path artifacts = dir.resolve("artifacts");
        ArtifactStore store = new ArtifactStore(artifacts);
        String modelText;
        try (McpRuntime runtime = McpRuntime.start(List.of(McpTestSupport.chaos("chaos")),
                McpTestSupport.options().withArtifactDir(artifacts), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            var echo = McpTestSupport.tool(runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root()), "mcp__chaos__echo");
            ToolOutcome outcome = echo.run(Json.object().put("text", sent), McpTestSupport.context("c1", Cancellation.root(), null));
            modelText = ((Part.Text) outcome.forModel().getFirst()).text();
        }
        Matcher named = ARTIFACT.matcher(modelText);
        assertTrue(named.find(), modelText.substring(modelText.length() - 400));
        String id = named.group(1);

        String whole = UnicodeSanitizer.clean(sent);
        assertEquals(sent, whole, "nothing in the rows is removed by the sanitiser");
        String sha = sha256(whole.getBytes(StandardCharsets.UTF_8));
        assertTrue(modelText.contains("sha256 " + sha), "the reported hash is the server's text's");
        assertEquals(sha, sha256(Files.readAllBytes(store.file(id))), "the artifact is the server's text, byte for byte");

        ToolOutcome inMemory = new ResultMapper(ResultLimits.DEFAULT, new ArtifactStore(dir.resolve("other")))
                .map(new McpCallResult(List.of(new McpContent.Text(sent)), null, false), null);
        String expected = ((Part.Text) inMemory.forModel().getFirst()).text();
        assertEquals(expected.replaceAll(ARTIFACT.pattern(), "artifact:ID"), modelText.replaceAll(ARTIFACT.pattern(), "artifact:ID"),
                "the model sees what the in-memory path shows");

        String page = ((Part.Text) new ReadArtifactTool(store, ResultLimits.DEFAULT_INLINE_TEXT_CHARS)
                .run(Json.object().put("id", "artifact:" + id).put("offset", 45_000).put("limit", 2),
                        McpTestSupport.context("c2", Cancellation.root(), null)).forModel().getFirst()).text();
        assertTrue(page.contains("45000: row 45000 \"caf\u00e9\" \\ \t\ud83d\ude00 data\n45001: row 45001 "), page);

        try (Stream<Path> left = Files.list(artifacts)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("spill-")).toList(),
                    "no spill file is left behind");
        }
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
