package dev.tether.mcp.call;

import static dev.tether.testing.mcp.calls.Calls.modelText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.model.Part;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolOutcome;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Binary content never enters model text: fitting images become image parts, everything else provenance. */
class BinaryContentTest {
    private final ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT.withMaxImageBytes(1000), ArtifactStore.none());

    private static byte[] bytes(int n) {
        byte[] data = new byte[n];
        new Random(n).nextBytes(data);
        return data;
    }

    private static String sha(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    private ToolOutcome map(McpContent... content) {
        return mapper.map(new McpCallResult(List.of(content), null, false), null);
    }

    @Test
    void anImageWithinTheBudgetGoesToTheModelAndTheEditorAsAnImage() {
        String png = Base64.getEncoder().encodeToString(bytes(1000));
        ToolOutcome out = map(new McpContent.Image(png, "image/png"));
        assertEquals(List.of(new Part.Image("image/png", png)), out.forModel());
        assertEquals(List.of(new ToolDisplay.Image(png, "image/png", null)), out.forEditor());
    }

    @Test
    void mimeLineBreaksAreRemovedFromImagesThatFit() {
        byte[] data = bytes(600);
        ToolOutcome out = map(new McpContent.Image(Base64.getMimeEncoder().encodeToString(data), "image/jpeg"));
        assertEquals(List.of(new Part.Image("image/jpeg", Base64.getEncoder().encodeToString(data))), out.forModel());
    }

    @Test
    void anImageBombAudioABlobAndAnSvgBecomeProvenanceWithTheRightHash() throws Exception {
        byte[] bomb = bytes(3_000_000);
        byte[] audio = bytes(500);
        byte[] blob = bytes(700);
        byte[] svg = "<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes();
        String b64 = Base64.getEncoder().encodeToString(bomb);
        ToolOutcome out = map(new McpContent.Image(b64, "image/png"),
                new McpContent.Audio(Base64.getEncoder().encodeToString(audio), "audio/wav"),
                new McpContent.BlobResource("file:///a.bin", null, Base64.getEncoder().encodeToString(blob)),
                new McpContent.Image(Base64.getEncoder().encodeToString(svg), "image/svg+xml"),
                new McpContent.Image("not base64!", "image/png"));
        assertEquals(List.of(new Part.Text(String.join("\n",
                "[image: image/png, 3000000 bytes, sha256 " + sha(bomb) + "]",
                "[audio: audio/wav, 500 bytes, sha256 " + sha(audio) + "]",
                "[resource file:///a.bin: application/octet-stream, 700 bytes, sha256 " + sha(blob) + "]",
                "[image: image/svg+xml, " + svg.length + " bytes, sha256 " + sha(svg) + "]",
                "[image: image/png, invalid base64 data]"))), out.forModel());
        String all = Json.write(out);
        assertFalse(all.contains(b64.substring(0, 200)), "no base64 of the oversized image anywhere, editor included");
        assertTrue(out.forEditor().stream().noneMatch(c -> c instanceof ToolDisplay.Image));
        assertEquals(Json.parse("[\"image\",\"audio\",\"resource\",\"image\",\"image\"]"), out.audit().get("contentTypes"));
    }

    @Test
    void resourceLinksAreOneBoundedLine() {
        ToolOutcome out = map(new McpContent.ResourceLink("file:///r\u202E.txt", "report\nname", null, "d".repeat(5000),
                "text/plain", 12L));
        String text = modelText(out);
        assertEquals("[resource link: report name <file:///r.txt> text/plain, 12 bytes]", text);
    }

    @Test
    void onlyWebLinksReachTheEditorAsLinksTheOthersAsText() {
        ToolOutcome out = map(new McpContent.ResourceLink("javascript:alert(1)", "js", null, null, null, null),
                new McpContent.ResourceLink("file:///etc/passwd", "passwd", null, null, null, null),
                new McpContent.ResourceLink("https://example.com/doc", "doc", null, null, null, null));
        List<dev.tether.tools.ToolDisplay> shown = out.forEditor();
        // The result's text (every link as a line), then a link only for the web address.
        assertEquals(2, shown.size(), shown.toString());
        assertTrue(shown.get(0).toString().contains("[resource link: js <javascript:alert(1)>]"), shown.toString());
        assertEquals("https://example.com/doc", ((dev.tether.tools.ToolDisplay.ResourceLink) shown.get(1)).uri());
    }
}
