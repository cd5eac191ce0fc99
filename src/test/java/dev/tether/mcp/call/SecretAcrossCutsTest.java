package dev.tether.mcp.call;

import static dev.tether.testing.mcp.calls.Calls.modelText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.jsonrpc.Spilled;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.model.Part;
import dev.tether.security.SecretCuts;
import dev.tether.security.SecretRegistry;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A known secret that a cut of an MCP result would split — the inline head's end, a sanitiser
 * chunk's boundary, an error's caps, an artifact's 2,000-character wrap — reaches the model as the
 * marker, wherever the cut falls in it; and a pattern over an artifact cannot test its characters.
 */
class SecretAcrossCutsTest {
    /** Opaque: no pattern of the generic redactor knows it, only the registry. */
    private static final String TOKEN = "opaqueCanary0123456789ABCDEFGHIJ";
    private static final Pattern ARTIFACT = Pattern.compile("artifact:([0-9a-f]{32})");

    @TempDir
    Path dir;

    private final SecretRegistry registry = SecretRegistry.empty();

    {
        registry.register(TOKEN);
    }

    private ResultMapper mapper(int inline, String where) {
        return new ResultMapper(ResultLimits.DEFAULT.withInlineTextChars(inline), new ArtifactStore(dir.resolve(where)),
                SecretCuts.of(registry));
    }

    @Test
    void theInlineHeadEndsAnywhereInTheSecretAndShowsNoPartOfIt() throws Exception {
        int budget = 1000;
        for (int before = budget - TOKEN.length(); before <= budget; before++) {
            String text = "x".repeat(before) + TOKEN + "y".repeat(2000);
            ToolOutcome out = mapper(budget, "a" + before).map(new McpCallResult(List.of(new McpContent.Text(text)), null, false), null);
            String model = modelText(out);
            assertNoFragment(model);
            assertTrue(model.startsWith("x".repeat(before) + SecretRegistry.MARKER.substring(0, Math.min(10, budget - before))),
                    "head of " + before + ": " + model.substring(before - 5, before + 20));
            assertNoFragment(Files.readString(artifact(model, "a" + before)));
        }
    }

    @Test
    void aSecretAcrossTheSanitisersChunksOfAHugeItemIsMaskedInTheArtifact() throws Exception {
        // Pure ASCII: the sanitiser cuts its 64 KB chunks exactly at the chunk size.
        for (int shift = 1; shift < TOKEN.length(); shift += 5) {
            String text = "z".repeat(64 * 1024 - shift) + TOKEN + "z".repeat(70_000);
            String model = modelText(mapper(25_000, "h" + shift).map(new McpCallResult(List.of(new McpContent.Text(text)), null, false), null));
            assertNoFragment(Files.readString(artifact(model, "h" + shift)));
        }
    }

    @Test
    void anErrorTextIsMaskedBeforeBothItsCaps() {
        int bytes = ResultLimits.DEFAULT.errorTextBytes();
        // Across the first cut (twice the cap, in characters: zero-width ones vanish once sanitised, so what
        // follows shows), then across the cap itself (in bytes, less the ellipsis).
        List<String> texts = List.of("\u200B".repeat(2 * bytes - 12) + TOKEN + " and so on", "e".repeat(bytes - 23) + TOKEN + " and so on");
        for (String text : texts) {
            for (boolean spilled : new boolean[] {false, true}) {
                McpContent item = spilled ? new McpContent.SpilledText(spill(text)) : new McpContent.Text(text);
                String model = modelText(mapper(100_000, "e").map(new McpCallResult(List.of(item), null, true), null));
                assertNoFragment(model);
                assertTrue(model.contains("[REDACTED"), "the cut falls in the marker: " + model.substring(Math.max(0, model.length() - 40)));
            }
        }
    }

    @Test
    void readArtifactMasksBeforeItWrapsAndItsPatternSeesOnlyTheMarker() throws Exception {
        Path store = Files.createDirectories(dir.resolve("s.artifacts"));
        String id = "00112233445566778899aabbccddeeff";
        // Written before the token was known (or by an older Tether): the token straddles the 2,000-character wrap.
        Files.writeString(store.resolve(id), "k".repeat(2000 - 11) + TOKEN + "k".repeat(500) + "\n");
        ReadArtifactTool tool = new ReadArtifactTool(new ArtifactStore(store), 25_000, SecretCuts.of(registry));

        String page = read(tool, "{\"id\": \"" + id + "\"}");
        assertTrue(page.contains(SecretRegistry.MARKER), page);
        assertNoFragment(page);
        // "Does the token go on with a 0 after opaqueCanary?" gets the same answer as a wrong guess.
        String right = read(tool, "{\"id\": \"" + id + "\", \"pattern\": \"opaqueCanary0\"}");
        String wrong = read(tool, "{\"id\": \"" + id + "\", \"pattern\": \"opaqueCanary1\"}");
        assertEquals(wrong.replace("opaqueCanary1", "opaqueCanary0"), right);
        String clipped = read(tool, "{\"id\": \"" + id + "\", \"pattern\": \"REDACTED\"}");
        assertNoFragment(clipped);
    }

    private String read(ReadArtifactTool tool, String input) throws Exception {
        ToolOutcome out = tool.run(Json.parse(input), McpTestSupport.context("t1", Cancellation.root(), null));
        return ((Part.Text) out.forModel().getFirst()).text();
    }

    private Path artifact(String model, String where) {
        Matcher id = ARTIFACT.matcher(model);
        assertTrue(id.find(), model);
        return dir.resolve(where).resolve(id.group(1));
    }

    private dev.tether.jsonrpc.SpilledString spill(String text) {
        try {
            return Spilled.of(text, dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** No eight characters of the token, the registry's shortest value, show. */
    private static void assertNoFragment(String text) {
        Stream.iterate(0, i -> i + 1).limit(TOKEN.length() - 7).map(i -> TOKEN.substring(i, i + 8))
                .forEach(piece -> assertFalse(text.contains(piece), "a piece of the token (" + piece + ") shows"));
    }
}
