package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.projection.McpTool;
import dev.tether.mcp.projection.ToolProjection;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.ModelProvider;
import dev.tether.model.ProviderSettings;
import dev.tether.model.anthropic.AnthropicProvider;
import dev.tether.model.http.ModelHttp;
import dev.tether.session.ModelCatalog;
import dev.tether.session.api.SessionOption;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedModelServer;
import dev.tether.tools.ToolFilter;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Through ACP to the Anthropic wire: a PNG that read_file reads reaches the model as an image
 * block of its tool result, a 20 MB one is refused with a note the model reads, an MCP tool's
 * image result still arrives as an image block, and the editor is shown the image read.
 */
class ImagesReachTheModelTest {
    private final ScriptedModelServer server = ScriptedModelServer.start();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void readFileImagesAndMcpImagesReachTheAnthropicModelAsImageBlocks() throws Exception {
        byte[] shot = png(320, 200);
        byte[] screenshot = png(64, 48);
        Files.write(dir.resolve("shot.png"), shot);
        Path huge = dir.resolve("huge.png");
        Files.write(huge, png(10, 10));
        try (RandomAccessFile grow = new RandomAccessFile(huge.toFile(), "rw")) {
            grow.setLength(20L * 1024 * 1024);
        }
        server.sse("anthropic-read-images.sse").sse("anthropic-final.sse");
        McpTool mcp = new ToolProjection(McpRuntimeOptions.defaults(dir, java.util.Map.of())).project("shots",
                List.of(new McpToolInfo("screenshot", null, "Takes a screenshot", Json.parse("{\"type\":\"object\"}"), null,
                        McpToolInfo.Hints.NONE)), McpServerPolicy.DEFAULT,
                (tool, arguments, retryable, cancellation, progress) -> new McpCallResult(List.of(new McpContent.Text("the screen"),
                        new McpContent.Image(Base64.getEncoder().encodeToString(screenshot), "image/png")), null, false),
                new HashSet<>()).getFirst();

        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), anthropic(), InProcessAgent.serving(List.of(mcp)),
                ToolFilter.ALLOW_ALL)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "look at the screenshots"))
                    .path("result").path("stopReason").asString());

            JsonNode shown = client.updates(session, "tool_call_update").stream()
                    .filter(u -> u.path("toolCallId").asString().equals("toolu_png") && u.has("content")).toList().getLast();
            assertEquals(Json.parse("{\"type\":\"image\",\"data\":\"" + Base64.getEncoder().encodeToString(shot)
                    + "\",\"mimeType\":\"image/png\",\"uri\":\"" + dir.resolve("shot.png").toUri() + "\"}"),
                    shown.path("content").get(1).path("content"), "the editor is shown the image read");
            assertEquals(List.of(), client.violations());
        }

        JsonNode results = server.request(1).body().path("messages").get(2).path("content");
        assertEquals(Json.parse("""
                {"type":"tool_result","tool_use_id":"toolu_png","content":[
                  {"type":"text","text":"shot.png: PNG image, 320×200 pixels, %d bytes."},
                  {"type":"image","source":{"type":"base64","media_type":"image/png","data":"%s"}}]}"""
                .formatted(shot.length, Base64.getEncoder().encodeToString(shot))), results.get(0));
        JsonNode refused = results.get(1);
        assertEquals("toolu_big", refused.path("tool_use_id").asString());
        assertTrue(refused.path("is_error").asBoolean());
        assertTrue(refused.path("content").get(0).path("text").asString().contains("huge.png is a PNG image of 20.0 MB, larger than"),
                refused.toString());
        assertEquals(Json.parse("""
                {"type":"tool_result","tool_use_id":"toolu_mcp","content":[
                  {"type":"text","text":"the screen"},
                  {"type":"image","source":{"type":"base64","media_type":"image/png","data":"%s"}}],
                 "cache_control":{"type":"ephemeral"}}"""
                .formatted(Base64.getEncoder().encodeToString(screenshot))), results.get(2));
        server.assertToolCallsAnswered();
    }

    private ModelCatalog anthropic() {
        return new ModelCatalog() {
            @Override
            public String missingCredentials() {
                return null;
            }

            @Override
            public String defaultModel() {
                return "claude-sonnet-4-5";
            }

            @Override
            public List<SessionOption.Choice> models() {
                return List.of(new SessionOption.Choice("claude-sonnet-4-5", "claude-sonnet-4-5", null));
            }

            @Override
            public ModelProvider open(String id) {
                return new AnthropicProvider(new ProviderSettings("anthropic", "claude-sonnet-4-5", "sk-ant-x", server.baseUrl(),
                        "2023-06-01", null, null, null, true, null, 8192), ModelHttp.newClient());
            }
        };
    }

    private static byte[] png(int width, int height) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }
}
