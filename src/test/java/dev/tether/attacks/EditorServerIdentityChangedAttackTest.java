package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.sources.PolicyBindings;
import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Suspected hole: a policy-only entry ({@code "helper": {"trustAnnotations": true}}) followed the
 * name, so whatever server the editor later sent as {@code helper} — another command, say one a
 * project's editor settings named — got the user's trust. The entry binds to the server first
 * seen under the name: that one keeps it; one whose command changed does not, the user is told
 * which entry, why and how to re-bind, and after {@code tether mcp rebind} the new one has it.
 */
class EditorServerIdentityChangedAttackTest {
    @TempDir
    Path dir;

    private static QueueModel readTwice() {
        return new QueueModel()
                .then(QueueModel.Reply.tools(use("r1", "mcp__helper__echo", Json.object().put("text", "one"))))
                .then(QueueModel.Reply.text("first"))
                .then(QueueModel.Reply.tools(use("r2", "mcp__helper__echo", Json.object().put("text", "two"))))
                .then(QueueModel.Reply.text("second"))
                .then(QueueModel.Reply.tools(use("r3", "mcp__helper__echo", Json.object().put("text", "three"))))
                .then(QueueModel.Reply.text("third"));
    }

    @Test
    void anEditorServerWhoseCommandChangedDoesNotInheritTheEntryAndTheUserIsTold() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Path home = dir.resolve("home");
        JsonNode config = Json.parse("{\"mcpServers\": {\"helper\": {\"trustAnnotations\": true}}}");
        QueueModel model = readTwice();
        try (ProjectTrustSession tether = new ProjectTrustSession(dir, home, model, config, "reject_project")) {
            String first = tether.open(project, WiredAgent.servers(WiredAgent.chaos("helper")));
            assertEquals("end_turn", tether.prompt(first, "read"));
            assertEquals(List.of(), tether.permissions, "the server first seen under the name has the user's trust");

            String second = tether.open(project, WiredAgent.servers(WiredAgent.chaos("helper", "--logging")));
            Waits.eventually(Duration.ofSeconds(10), () -> !tether.client.updates(second, "notice").isEmpty(), "a notice");
            String notice = tether.client.updates(second, "notice").stream().map(n -> n.path("description").asString())
                    .reduce("", String::concat);
            assertTrue(notice.contains("The editor's MCP server \"helper\" does not get trustAnnotations"), notice);
            assertTrue(notice.contains("--logging") && notice.contains("tether mcp rebind helper"), notice);

            assertEquals("end_turn", tether.prompt(second, "read again"));
            assertEquals(1, tether.permissions.size(), "the changed server's read-only tool asks");
            assertTrue(tether.mcp(second).contains("does not get trustAnnotations"), "/mcp says it too");

            assertTrue(new PolicyBindings(home.resolve("state/tether/mcp-policy-bindings.json")).rebind("helper").orElseThrow().shown()
                    .contains("--logging"), "`tether mcp rebind helper` binds the entry to the server the notice named");
            String third = tether.open(project, WiredAgent.servers(WiredAgent.chaos("helper", "--logging")));
            assertEquals("end_turn", tether.prompt(third, "read once more"));
            assertEquals(1, tether.permissions.size(), "re-bound: trusted again");
            assertEquals(List.of(), tether.client.updates(third, "notice"));
            tether.assertStillWorks(third);
        }
    }
}
