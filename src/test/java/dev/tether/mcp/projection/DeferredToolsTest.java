package dev.tether.mcp.projection;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Five servers of sixty tools each, through ACP: their definitions are deferred behind
 * {@code tool_search}, which finds tools by {@code server:} and by words and loads them from the
 * next request on — also after {@code session/load}; always-load tools (the server's {@code _meta},
 * the user's list) and the built-in tools are always sent.
 */
class DeferredToolsTest {
    private static final List<String> BUILTINS = List.of("read_file", "write_file", "edit_file", "list_files", "search",
            "run_command", "update_plan", "agent");

    @TempDir
    Path dir;

    static ArrayNode fiveServers() {
        ObjectNode[] servers = new ObjectNode[5];
        for (int i = 0; i < 5; i++) {
            servers[i] = i == 1 ? WiredAgent.chaos("s1", "--catalog", "many60", "--always-load", "tool_7")
                    : WiredAgent.chaos("s" + i, "--catalog", "many60");
        }
        return WiredAgent.servers(servers);
    }

    static ObjectNode config() {
        ObjectNode config = Json.object();
        config.putObject("tools").putArray("alwaysLoad").add("mcp__s2__tool_3");
        return config;
    }

    @Test
    void threeHundredToolsAreDeferredFoundByServerAndWordsAndStayLoadedAcrossLoad() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("q1", "tool_search", Json.object().put("query", "server:s3")),
                        use("q2", "tool_search", Json.object().put("query", "42"))))
                .then(QueueModel.Reply.text("found them"));
        String session;
        try (InProcessAgent agent = WiredAgent.start(dir, model, config())) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(dir.toString(), fiveServers());
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "find tools")).path("result").path("stopReason").asString());

            ModelRequest first = model.requests().get(0);
            List<String> offered = names(first);
            assertTrue(offered.containsAll(BUILTINS), "built-in tools are never deferred: " + offered);
            assertTrue(offered.contains("tool_search"));
            assertTrue(offered.contains("mcp__s1__tool_7"), "the server's _meta alwaysLoad is sent");
            assertTrue(offered.contains("mcp__s2__tool_3"), "the user's alwaysLoad is sent");
            assertFalse(offered.contains("mcp__s0__tool_0") || offered.contains("mcp__s3__tool_0"), "the rest is deferred");
            assertEquals(BUILTINS.size() + 3, offered.size(), offered.toString());
            String search = first.tools().stream().filter(t -> t.name().equals("tool_search")).findFirst().orElseThrow().description();
            assertTrue(search.contains("298 more tools") && search.contains("s0, s1, s2, s3, s4"), search);

            ModelRequest second = model.requests().get(1);
            String byServer = result(second, "q1");
            assertTrue(byServer.startsWith("Loaded 10 tools"), byServer);
            assertTrue(byServer.contains("- mcp__s3__tool_0 (server s3): Does thing 0"), byServer);
            assertTrue(byServer.contains("50 more match"), byServer);
            String byWords = result(second, "q2");
            for (int s = 0; s < 5; s++) {
                assertTrue(byWords.contains("- mcp__s" + s + "__tool_42 (server s" + s + ")"), byWords);
            }
            List<String> now = names(second);
            assertTrue(now.containsAll(List.of("mcp__s3__tool_0", "mcp__s3__tool_17", "mcp__s0__tool_42", "mcp__s4__tool_42")), now.toString());
            assertFalse(now.contains("mcp__s0__tool_43") || now.contains("mcp__s3__tool_59"), "only what was found is loaded");
            assertEquals(List.of(), client.violations());
        }

        QueueModel after = new QueueModel().then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = WiredAgent.start(dir, after, config())) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", dir.toString()).set("mcpServers", fiveServers()));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "again")).path("result").path("stopReason").asString());
            List<String> offered = names(after.requests().getFirst());
            assertTrue(offered.containsAll(List.of("mcp__s3__tool_0", "mcp__s2__tool_42", "tool_search", "mcp__s1__tool_7")),
                    "loaded tools stay loaded after session/load: " + offered);
            assertFalse(offered.contains("mcp__s0__tool_43"));
        }
    }

    @Test
    void belowTheThresholdOrSwitchedOffEveryToolIsSentAndNoSearchIsOffered() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("ok"));
        ObjectNode config = Json.object();
        config.putObject("tools").put("deferAbove", 0);
        try (InProcessAgent agent = WiredAgent.start(dir, model, config)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), WiredAgent.servers(WiredAgent.chaos("big", "--catalog", "many60")));
            AcpTestClient.await(client.prompt(session, "hi"));
            List<String> offered = names(model.requests().getFirst());
            assertTrue(offered.contains("mcp__big__tool_59"), "deferAbove 0 turns deferral off");
            assertFalse(offered.contains("tool_search"));
        }
    }

    static List<String> names(ModelRequest request) {
        return request.tools().stream().map(ToolDefinition::name).toList();
    }

    static String result(ModelRequest request, String id) {
        return request.messages().getLast().parts().stream().filter(p -> p instanceof Part.ToolResult r && r.toolUseId().equals(id))
                .map(p -> ((Part.ToolResult) p).content().stream().filter(Part.Text.class::isInstance)
                        .map(t -> ((Part.Text) t).text()).collect(Collectors.joining()))
                .findFirst().orElseThrow();
    }
}
