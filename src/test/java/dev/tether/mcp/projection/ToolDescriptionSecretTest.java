package dev.tether.mcp.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.security.SecretCuts;
import dev.tether.security.SecretRegistry;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server's tool description is capped at 4 KB and its title at 200 bytes before the model and
 * the editor see them: a known secret the cap would split is masked first, so neither shows part
 * of it.
 */
class ToolDescriptionSecretTest {
    private static final String TOKEN = "opaqueCanary0123456789ABCDEFGHIJ";

    @Test
    void aSecretAcrossTheDescriptionsOrTitlesCapIsMaskedWhole() {
        SecretRegistry secrets = SecretRegistry.empty();
        secrets.register(TOKEN);
        ToolProjection projection = new ToolProjection(new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none(), SecretCuts.of(secrets)));
        String description = "d".repeat(ToolProjection.MAX_DESCRIPTION_BYTES - 3 - 12) + TOKEN + " and more";
        String title = "t".repeat(200 - 3 - 12) + TOKEN;
        McpTool tool = projection.project("srv", List.of(new McpToolInfo("leaky", title, description, Json.object().put("type", "object"),
                null, McpToolInfo.Hints.NONE)), McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null, new HashSet<>()).getFirst();

        String shown = tool.definition().description() + "\n" + tool.describe(Json.object(), null).title();
        for (int i = 0; i + 8 <= TOKEN.length(); i++) {
            assertFalse(shown.contains(TOKEN.substring(i, i + 8)), shown.substring(shown.length() - 300));
        }
        assertTrue(tool.definition().description().contains(SecretRegistry.MARKER), "the description fits once masked");
        assertTrue(tool.definition().description().getBytes(StandardCharsets.UTF_8).length <= ToolProjection.MAX_DESCRIPTION_BYTES + 100);
        assertEquals("srv: " + "t".repeat(185) + SecretRegistry.MARKER, tool.describe(Json.object(), null).title());
    }

    @Test
    void aSecretInAToolsSchemasIsMaskedAlsoWhenInvisibleCharactersHideIt() {
        SecretRegistry secrets = SecretRegistry.empty();
        secrets.register(TOKEN);
        ToolProjection projection = new ToolProjection(new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none(), SecretCuts.of(secrets)));
        String hidden = TOKEN.substring(0, 10) + "\u200B" + TOKEN.substring(10);
        var input = Json.object().put("type", "object");
        input.putObject("properties").putObject("key").put("type", "string").put("default", TOKEN).put("description", hidden);
        var output = Json.object().put("type", "object");
        output.putObject("properties").putObject(TOKEN).put("type", "string");
        McpTool tool = projection.project("srv", List.of(new McpToolInfo("echo", null, "Echoes", input, output, McpToolInfo.Hints.NONE)),
                McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null, new HashSet<>()).getFirst();

        String shown = Json.write(tool.definition().inputSchema()) + tool.definition().description();
        for (int i = 0; i + 8 <= TOKEN.length(); i++) {
            assertFalse(shown.contains(TOKEN.substring(i, i + 8)), shown);
        }
        assertTrue(Json.write(tool.definition().inputSchema()).contains(SecretRegistry.MARKER), shown);
    }
}
