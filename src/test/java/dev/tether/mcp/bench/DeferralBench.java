package dev.tether.mcp.bench;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.projection.DeferralHooks;
import dev.tether.mcp.projection.ToolProjection;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.mcp.ManyTools;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolDeferral;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The size of a model request's {@code tools} array for a session with 5 servers of 60 tools,
 * with and without deferral: bytes of the array as JSON (Anthropic's shape: name, description,
 * input_schema) and tokens estimated as characters / 4. Two catalogs: {@link ManyTools}' terse
 * tools, and tools shaped like a real server's (a paragraph of description, four described
 * parameters). Printed as text; nothing here gates a test.
 * Run: {@code java -cp target/classes:target/test-classes:<deps> dev.tether.mcp.bench.DeferralBench}.
 */
public final class DeferralBench {
    public static void main(String[] args) {
        report("terse (ManyTools)", ManyTools.catalogs(5, 60));
        report("realistic", realistic(5, 60));
    }

    private static void report(String label, List<List<McpToolInfo>> catalogs) {
        ToolProjection projection = new ToolProjection(McpRuntimeOptions.defaults(Path.of("."), Map.of()));
        Set<String> taken = new HashSet<>();
        List<Tool> tools = new ArrayList<>();
        for (int s = 0; s < catalogs.size(); s++) {
            tools.addAll(projection.project("server" + s, catalogs.get(s), McpServerPolicy.DEFAULT,
                    (name, input, retryable, cancellation, progress) -> { throw new IllegalStateException("not called"); }, taken));
        }
        int all = bytes(DeferralHooks.sent(tools, ToolDeferral.OFF));
        List<ToolDefinition> deferred = DeferralHooks.sent(tools, ToolDeferral.DEFAULT);
        int some = bytes(deferred);
        System.out.printf("tools array, 5 x 60 %-18s without deferral: %,9d bytes ~%,7d tokens | deferred: %,7d bytes ~%,6d tokens"
                + " (%d definitions) | saved %.1f%%%n", label + ":", all, all / 4, some, some / 4, deferred.size(),
                100.0 * (all - some) / all);
    }

    private static int bytes(List<ToolDefinition> definitions) {
        ArrayNode array = Json.array();
        for (ToolDefinition d : definitions) {
            ObjectNode tool = array.addObject();
            tool.put("name", d.name());
            tool.put("description", d.description());
            tool.set("input_schema", d.inputSchema());
        }
        return Json.write(array).getBytes(StandardCharsets.UTF_8).length;
    }

    /** Tools with a paragraph of description and four described parameters, as hosted servers list them. */
    private static List<List<McpToolInfo>> realistic(int servers, int toolsEach) {
        List<List<McpToolInfo>> catalogs = new ArrayList<>();
        for (int s = 0; s < servers; s++) {
            List<McpToolInfo> infos = new ArrayList<>();
            for (int t = 0; t < toolsEach; t++) {
                ObjectNode schema = Json.object().put("type", "object");
                ObjectNode props = schema.putObject("properties");
                for (String p : List.of("owner", "repo", "query", "page")) {
                    props.putObject(p).put("type", p.equals("page") ? "integer" : "string")
                            .put("description", "The " + p + " to use for this call; see the server's documentation for its format.");
                }
                schema.putArray("required").add("owner").add("repo");
                infos.add(new McpToolInfo("operation_" + t, "Operation " + t,
                        ("Performs operation " + t + " on the repository: reads or changes the items it names, "
                                + "following the server's rules for pagination, permissions and rate limits. ").repeat(2),
                        schema, null, McpToolInfo.Hints.NONE));
            }
            catalogs.add(infos);
        }
        return catalogs;
    }
}
