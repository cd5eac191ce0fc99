package dev.tether.mcp.projection;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.Part;
import dev.tether.testing.mcp.ManyTools;
import dev.tether.testing.mcp.calls.Calls;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Projection runs before every model request: a listed tool is prepared (sanitised, schema
 * compiled) once and reused until the catalog or the policy changes; the session's options set
 * the inline budget.
 */
class ProjectionCacheTest {

    private static McpToolInfo withOutput(String name) {
        return new McpToolInfo(name, null, "d", null, Json.parse("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"number\"}}}"),
                McpToolInfo.Hints.NONE);
    }

    @Test
    void theSameCatalogEntryReusesItsPreparedSpecAndCompiledOutputSchema() {
        ToolProjection projection = new ToolProjection(McpRuntimeOptions.defaults(Path.of("."), System.getenv()));
        List<McpToolInfo> infos = List.of(withOutput("a"));
        McpTool first = projection.project("s", infos, McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null, new HashSet<>()).getFirst();
        McpTool second = projection.project("s", infos, McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null, new HashSet<>()).getFirst();
        assertSame(first.spec(), second.spec());
        McpTool relisted = projection.project("s", List.of(withOutput("a")), McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null,
                new HashSet<>()).getFirst();
        assertNotSame(first.spec(), relisted.spec(), "a new catalog entry is prepared again");
        McpTool overridden = projection.project("s", infos,
                new McpServerPolicy(Map.of("a", new McpToolInfo.Hints(null, true, null, null, null)), List.of(), List.of(), null),
                (t, a, r, c, p) -> null, new HashSet<>()).getFirst();
        assertTrue(overridden.traits().readOnly(), "a policy change is not hidden by the cache");
    }

    @Test
    void theInlineBudgetComesFromTheSessionOptions() throws Exception {
        ToolProjection projection = new ToolProjection(McpRuntimeOptions.defaults(Path.of("."), System.getenv()).withMaxInlineTextChars(5));
        McpTool tool = projection.project("s", List.of(Calls.tool("t", null)), McpServerPolicy.DEFAULT,
                (t, a, r, c, p) -> Calls.text("0123456789"), new HashSet<>()).getFirst();
        String text = ((Part.Text) tool.run(Json.object(), context("c", Cancellation.root(), null)).forModel().getFirst()).text();
        assertTrue(text.startsWith("01234\n\n[output truncated: the first 5 of 10 characters"), text);
    }

    /** The figure (how long projecting them again takes) is McpRuntimeBench's; this holds what makes it cheap. */
    @Test
    void projecting10000ToolsOf20ServersAgainReusesEveryPreparedSpec() {
        ToolProjection projection = new ToolProjection(McpRuntimeOptions.defaults(Path.of("."), System.getenv()));
        List<List<McpToolInfo>> servers = ManyTools.catalogs(20, 500);
        List<McpTool> first = projectAll(projection, servers);
        List<McpTool> again = projectAll(projection, servers);
        for (int i = 0; i < first.size(); i++) {
            assertSame(first.get(i).spec(), again.get(i).spec(), "tool " + i + " was prepared again");
        }
    }

    private static List<McpTool> projectAll(ToolProjection projection, List<List<McpToolInfo>> servers) {
        HashSet<String> taken = new HashSet<>();
        List<McpTool> all = new ArrayList<>();
        for (int s = 0; s < servers.size(); s++) {
            all.addAll(projection.project("server" + s, servers.get(s), McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null, taken));
        }
        assertEquals(10_000, all.size());
        return all;
    }
}
