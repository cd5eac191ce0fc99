package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.connection.StatelessHttpTest;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.tools.Tool;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A 2026-07-28 tool left out for invalid {@code x-mcp-header} marks is not only logged: {@code /mcp}
 * names the server's tool and why (what {@link McpRuntime#withheldTools} gives the status table),
 * while its valid siblings are offered.
 */
class RefusedHeaderToolsStatusTest {
    private static final String TOOLS = "{'resultType':'complete','tools':["
            + "{'name':'route','inputSchema':{'type':'object','properties':{'region':{'type':'string','x-mcp-header':'Region'}}}},"
            + "{'name':'nested','inputSchema':{'type':'object','properties':{'o':{'type':'object','x-mcp-header':'O'}}}},"
            + "{'name':'spaced','inputSchema':{'type':'object','properties':{'a':{'type':'string','x-mcp-header':'Not a token'}}}}]}";

    @Test
    void mcpStatusNamesEachLeftOutToolAndWhy() throws IOException {
        try (StatelessHttpTest.Server server = new StatelessHttpTest.Server(m -> switch (m.path("method").asString("")) {
            case "server/discover" -> new StatelessHttpTest.Reply(200, result(m, "{'resultType':'complete','supportedVersions':['2026-07-28'],"
                    + "'capabilities':{'tools':{}},'cacheScope':'private'}"));
            case "tools/list" -> new StatelessHttpTest.Reply(200, result(m, TOOLS));
            default -> new StatelessHttpTest.Reply(200, result(m, "{'resultType':'complete'}"));
        });
             McpRuntime runtime = McpRuntime.start(List.of(new McpServerSpec.Http("web", server.url(), Map.of())), options(),
                     McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals(List.of("mcp__web__route"), tools.stream().map(t -> t.definition().name())
                    .filter(n -> n.startsWith("mcp__")).toList(), "the valid sibling is offered");
            assertEquals("not offered (invalid x-mcp-header): nested (parameter \"o\" has an x-mcp-header but is not a string,"
                            + " number, integer or boolean); spaced (parameter \"a\" has an x-mcp-header that is not an HTTP token)",
                    runtime.withheldTools("web"));
        }
    }

    @Test
    void aServerWithValidMarksHasNothingWithheld() throws IOException {
        String valid = "{'resultType':'complete','tools':[{'name':'route','inputSchema':{'type':'object','properties':"
                + "{'region':{'type':'string','x-mcp-header':'Region'}}}}]}";
        try (StatelessHttpTest.Server server = new StatelessHttpTest.Server(m -> switch (m.path("method").asString("")) {
            case "server/discover" -> new StatelessHttpTest.Reply(200, result(m, "{'resultType':'complete','supportedVersions':['2026-07-28'],"
                    + "'capabilities':{'tools':{}},'cacheScope':'private'}"));
            case "tools/list" -> new StatelessHttpTest.Reply(200, result(m, valid));
            default -> new StatelessHttpTest.Reply(200, result(m, "{'resultType':'complete'}"));
        });
             McpRuntime runtime = McpRuntime.start(List.of(new McpServerSpec.Http("web", server.url(), Map.of())), options(),
                     McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertNull(runtime.withheldTools("web"));
        }
    }

    private static String result(JsonNode request, String result) {
        return "{'jsonrpc':'2.0','id':" + Json.write(request.get("id")).replace('"', '\'') + ",'result':" + result + "}";
    }
}
