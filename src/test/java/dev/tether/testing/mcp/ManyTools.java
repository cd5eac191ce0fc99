package dev.tether.testing.mcp;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import java.util.ArrayList;
import java.util.List;

/** Large catalogs of plain tools, as a test of projection and its benchmark both list them. */
public final class ManyTools {
    private ManyTools() {}

    /** {@code servers} catalogs of {@code toolsEach} tools with a schema, every second one read-only. */
    public static List<List<McpToolInfo>> catalogs(int servers, int toolsEach) {
        List<List<McpToolInfo>> catalogs = new ArrayList<>();
        for (int s = 0; s < servers; s++) {
            List<McpToolInfo> infos = new ArrayList<>();
            for (int t = 0; t < toolsEach; t++) {
                infos.add(new McpToolInfo("tool_" + t, "Tool " + t, "Does thing number " + t + " for you.",
                        Json.parse("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}}}"), null,
                        new McpToolInfo.Hints(null, t % 2 == 0, null, null, null)));
            }
            catalogs.add(infos);
        }
        return catalogs;
    }
}
