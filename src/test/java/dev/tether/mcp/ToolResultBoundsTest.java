package dev.tether.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.tools.ToolOutcome;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolResultBoundsTest {

    @Test
    void longTextKeepsItsHeadAndSaysWhatWasCut() {
        ToolOutcome out = ToolResults.map(new McpCallResult(List.of(new McpContent.Text("x".repeat(5000))), null, false), 1000, 100);
        String text = ((Part.Text) out.forModel().getFirst()).text();
        assertTrue(text.startsWith("x".repeat(1000) + "\n[output cut: 5000 bytes in total, sha256 "), text);
        assertFalse(text.contains("x".repeat(1001)));
    }

    @Test
    void binaryNeverEntersModelTextAndLargeImagesBecomeProvenance() {
        String big = Base64.getEncoder().encodeToString(new byte[300]);
        String small = Base64.getEncoder().encodeToString(new byte[3]);
        ToolOutcome out = ToolResults.map(new McpCallResult(List.of(new McpContent.Image(small, "image/png"),
                new McpContent.Image(big, "image/png"), new McpContent.Audio(small, "audio/wav")), null, false), 1000, 100);
        assertEquals(new Part.Image("image/png", small), out.forModel().get(1));
        String text = ((Part.Text) out.forModel().getFirst()).text();
        assertTrue(text.startsWith("[image: image/png, 300 bytes, sha256 "), text);
        assertTrue(text.contains("[audio: audio/wav, 3 bytes, sha256 "), text);
        assertFalse(text.contains(big) || text.contains(small));
    }

    @Test
    void structuredContentIsRawOutputAndTextOnlyWhenNoTextWasSent() {
        var structured = Json.parse("{\"temperature\":21}");
        ToolOutcome out = ToolResults.map(new McpCallResult(List.of(), structured, true), 1000, 100);
        assertEquals(List.of(new Part.Text("{\"temperature\":21}")), out.forModel());
        assertEquals(structured, out.rawOutput());
        assertTrue(out.isError());
    }
}
