package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ReadArtifactTool;
import dev.tether.model.Part;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile {@code read_artifact} arguments on a session's own store: a pattern that backtracks
 * catastrophically stops at the deadline with a readable answer, a pattern that cannot compile is
 * a readable error, and a binary artifact is described — never returned, never as base64.
 */
class ArtifactPatternAttackTest {
    private static final String ID = "00112233445566778899aabbccddeeff";

    @TempDir
    Path dir;

    private ToolOutcome read(ReadArtifactTool tool, String input) throws ToolError {
        return tool.run(Json.parse(input), McpTestSupport.context("t1", Cancellation.root(), null));
    }

    private static String text(ToolOutcome outcome) {
        return ((Part.Text) outcome.forModel().getFirst()).text();
    }

    @Test
    void aCatastrophicPatternStopsAtTheDeadlineAndAnInvalidOneIsReadable() throws Exception {
        Path store = Files.createDirectories(dir.resolve("s.artifacts"));
        Files.writeString(store.resolve(ID), ("a".repeat(1999) + "!\n").repeat(20));
        ReadArtifactTool tool = new ReadArtifactTool(new ArtifactStore(store), 25_000, Duration.ofMillis(300));

        String stopped = text(read(tool, "{\"id\": \"artifact:" + ID + "\", \"pattern\": \"(a+)+$\"}"));
        assertTrue(stopped.contains("stopped at its time limit"), stopped);

        ToolError.TellModel invalid = assertThrows(ToolError.TellModel.class,
                () -> read(tool, "{\"id\": \"" + ID + "\", \"pattern\": \"(unclosed\"}"));
        assertTrue(invalid.getMessage().contains("invalid regular expression"), invalid.getMessage());
        String past = text(read(tool, "{\"id\": \"" + ID + "\", \"offset\": 99}"));
        assertEquals("artifact:" + ID + " has 20 lines; offset 99 is past its end.", past);
    }

    @Test
    void aBinaryArtifactGivesItsProvenanceAndSizeNeverItsBytes() throws Exception {
        Path store = Files.createDirectories(dir.resolve("s.artifacts"));
        byte[] png = new byte[4096];
        png[0] = (byte) 0x89;
        png[1] = 'P';
        png[100] = 0;
        Files.write(store.resolve(ID), png);
        Files.writeString(store.resolve(ID + ".meta"),
                "{\"server\":\"pics\",\"source\":\"tool render\",\"mimeType\":\"image/png\",\"binary\":true}");
        String described = text(read(new ReadArtifactTool(new ArtifactStore(store), 25_000), "{\"id\": \"" + ID + "\"}"));
        assertEquals("artifact:" + ID + " is binary data (server `pics`, tool render, image/png), 4096 bytes; "
                + "it cannot be shown as text.", described);
        assertFalse(described.contains(Base64.getEncoder().encodeToString(png).substring(0, 12)));
    }
}
