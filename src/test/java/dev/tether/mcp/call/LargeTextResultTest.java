package dev.tether.mcp.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.calls.LargeResultProbe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A 50 MB text result: the model gets a bounded excerpt, the artifact holds every byte (same
 * sha256 as reported), and mapping it grows the heap by less than 3× the text — measured in a
 * JVM of its own (heap pool peaks), which also runs with a heap too small for three copies.
 */
class LargeTextResultTest {
    private static final int MB = 50;

    @TempDir
    Path tmp;

    @Test
    void fiftyMegabytesStreamIntoAnArtifactWithinThreeTimesTheirSizeOfHeap() throws Exception {
        Process probe = new ProcessBuilder(List.of(McpTestSupport.java(), "-XX:+UseSerialGC", "-Xmn16m", "-Xmx200m",
                "-cp", System.getProperty("java.class.path"), LargeResultProbe.class.getName(), Integer.toString(MB),
                tmp.resolve("artifacts").toString())).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        assertTrue(probe.waitFor(120, TimeUnit.SECONDS), "probe finished");
        String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, probe.exitValue(), out);
        JsonNode figures = Json.parse(out.substring(out.lastIndexOf('\n') + 1));
        System.out.println("LargeTextResultTest figures: " + figures);
        long size = figures.get("textBytes").asLong();
        assertEquals(MB * 1024L * 1024L, size);
        assertTrue(figures.get("artifactBytes").asLong() >= size, "the artifact holds the whole text (é takes 2 bytes)");
        assertEquals(figures.get("reportedSha").asString(), figures.get("artifactSha").asString());
        assertTrue(figures.get("modelChars").asInt() < ResultLimits.DEFAULT_INLINE_TEXT_CHARS + 400, figures.toString());
        assertTrue(figures.get("peakGrowth").asLong() < 3 * size, figures.toString());
    }
}
