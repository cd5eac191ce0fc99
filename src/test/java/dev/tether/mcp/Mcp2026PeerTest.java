package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.everything;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.model.Part;
import dev.tether.testing.mcp.Peer2026;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A server written with the TypeScript SDK v2 (MCP 2026-07-28), over stdio and over HTTP, next to
 * server-everything (2025-11-25) in one runtime: each is spoken to in its own revision, tools and
 * structured output work, a multi round-trip elicitation reaches the user through the host and its
 * answer completes the call, and the resource reads.
 */
class Mcp2026PeerTest {

    @Test
    void newAndOldServersInOneRuntime() throws Exception {
        Path script = Peer2026.script();
        Path everything = everything();
        assumeTrue(script != null && everything != null, "npm ci in conformance/ has not been run");
        ScriptedHost host = new ScriptedHost(true, false)
                .answering((request, c) -> new ElicitationReply("accept", json("{'confirm':true}")));
        try (Peer2026 http = Peer2026.http(script);
             McpRuntime runtime = Interact.start(host, Map.of(),
                     new McpServerSpec.Stdio("peer", "node", Peer2026.stdioArgs(script), Map.of(), null),
                     new McpServerSpec.Http("remote", http.url(), Map.of()),
                     new McpServerSpec.Stdio("everything", "node", List.of(everything.toString(), "stdio"), Map.of(), null))) {
            Map<String, String> versions = runtime.status().stream()
                    .collect(Collectors.toMap(ServerStatus::name, s -> s.state() + " " + s.protocolVersion()));
            assertEquals(Map.of("peer", "READY 2026-07-28", "remote", "READY 2026-07-28", "everything", "READY 2025-11-25"),
                    versions);

            for (String server : List.of("peer", "remote")) {
                ToolOutcome sum = tool(runtime.tools(), "mcp__" + server + "__add").run(json("{'a':2,'b':40}"), ctx());
                assertEquals(json("{'sum':42}"), sum.rawOutput(), server);

                ToolOutcome deploy = tool(runtime.tools(), "mcp__" + server + "__deploy").run(json("{'env':'prod'}"), ctx());
                assertEquals(List.of(new Part.Text("deployed to prod")), deploy.forModel(), server);

                ToolOutcome motd = runtime.readResource(server, "peer://motd", Cancellation.root());
                assertTrue(text(motd).contains("hello from a 2026 server"), text(motd));
            }
            assertEquals(List.of("Deploy to prod?", "Deploy to prod?"),
                    host.elicitations.stream().map(e -> e.message()).toList(), "one form per call, through the host");
            assertEquals(List.of("peer", "remote"), host.elicitations.stream().map(e -> e.server()).toList());

            ToolOutcome echo = tool(runtime.tools(), "mcp__everything__echo").run(json("{'message':'hi'}"), ctx());
            assertEquals(List.of(new Part.Text("Echo: hi")), echo.forModel());
        }
    }

    @Test
    void aDeclinedFormIsTheServersToJudge() throws Exception {
        Path script = Peer2026.script();
        assumeTrue(script != null, "npm ci in conformance/ has not been run");
        ScriptedHost host = new ScriptedHost(true, false).answering((request, c) -> new ElicitationReply("decline", null));
        try (McpRuntime runtime = Interact.start(host, Map.of(),
                new McpServerSpec.Stdio("peer", "node", Peer2026.stdioArgs(script), Map.of(), null))) {
            ToolOutcome deploy = tool(runtime.tools(), "mcp__peer__deploy").run(json("{'env':'test'}"), ctx());
            assertEquals(List.of(new Part.Text("deploy to test not confirmed")), deploy.forModel());
        }
    }

    private static String text(ToolOutcome outcome) {
        return outcome.forModel().stream().filter(Part.Text.class::isInstance).map(p -> ((Part.Text) p).text())
                .collect(Collectors.joining());
    }

    private static dev.tether.tools.ToolContext ctx() {
        return context("c", Cancellation.root(), null);
    }
}
