package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.TaskFixture.fast;
import static dev.tether.mcp.TaskFixture.run;
import static dev.tether.mcp.TaskFixture.start;
import static dev.tether.mcp.TaskFixture.text;
import static dev.tether.testing.mcp.McpTestSupport.everything;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.testing.mcp.ScriptedHost;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code simulate-research-query} of server-everything, a real task-required tool: run as a task
 * to its report, and with {@code ambiguous: true} through {@code input_required}, where the
 * server's related-task elicitation reaches the host while Tether waits on {@code tasks/result}.
 */
class EverythingTaskTest {

    private static McpServerSpec spec() {
        Path index = everything();
        assumeTrue(index != null, "server-everything is not installed under conformance/");
        return new McpServerSpec.Stdio("everything", "node", List.of(index.toString(), "stdio"), Map.of(), null);
    }

    @Test
    void theResearchQueryRunsAsATaskToItsReport() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false);
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(60)), spec())) {
            String report = text(run(runtime, "mcp__everything__simulate-research-query", json("{'topic':'tides'}"), Cancellation.root()));
            assertTrue(report.contains("# Research Report: tides"), report);
            assertTrue(host.elicitations.isEmpty());
        }
    }

    @Test
    void anAmbiguousQueryAsksTheUserThroughTheElicitationPath() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false).answering((request, c) ->
                new ElicitationReply("accept", json("{'interpretation':'snake'}")));
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(60)), spec())) {
            String report = text(run(runtime, "mcp__everything__simulate-research-query",
                    json("{'topic':'python','ambiguous':true}"), Cancellation.root()));
            assertEquals(1, host.elicitations.size());
            assertEquals("everything", host.elicitations.getFirst().server());
            assertEquals("call-1", host.elicitations.getFirst().toolCallId(), "tied to the tool call waiting in the foreground");
            assertTrue(host.elicitations.getFirst().message().contains("multiple interpretations"), host.elicitations.getFirst().message());
            assertTrue(report.contains("Clarification**: snake"), report);
        }
    }

    @Test
    void withTasksOffTheResearchQueryIsNotOffered() {
        try (McpRuntime runtime = start(new ScriptedHost(true, false), false, fast(Duration.ofSeconds(60)), spec())) {
            assertTrue(runtime.tools().stream().noneMatch(t -> t.definition().name().equals("mcp__everything__simulate-research-query")));
            assertTrue(runtime.withheldTools("everything").contains("simulate-research-query"), runtime.withheldTools("everything"));
        }
    }
}
