package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.Interact.policy;
import static dev.tether.testing.mcp.McpTestSupport.everything;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import dev.tether.testing.mcp.ScriptedHost;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/** Elicitation, sampling and roots against {@code @modelcontextprotocol/server-everything} (skipped when not installed). */
class EverythingInteractionTest {

    @Test
    void interactionToolsWithAFakeHost(@TempDir Path root) throws Exception {
        Path index = everything();
        assumeTrue(index != null, "server-everything is not installed under conformance/");
        ScriptedHost host = new ScriptedHost(true, true).withRoots(List.of(root)).answering((request, c) -> {
            if (request.mode().equals(Elicitation.URL)) {
                return new ElicitationReply("accept", null);
            }
            ObjectNode content = request.defaults();
            content.put("name", "Ada Lovelace").put("email", "ada@example.com").put("birthdate", "1815-12-10")
                    .put("check", true).put("homepage", "https://ada.example.com");
            return new ElicitationReply("accept", content);
        }).sampling((r, c) -> new SamplingReply("sampled text", "fake-model", "endTurn", null));
        McpServerSpec spec = new McpServerSpec.Stdio("everything", "node", List.of(index.toString(), "stdio"), Map.of(), null);
        try (McpRuntime runtime = Interact.start(host, Map.of("everything", policy(true, true, null)), spec)) {
            String form = Interact.run(runtime, "everything", "trigger-elicitation-request", json("{}"), "call-1");
            Elicitation shown = host.elicitations.getFirst();
            assertEquals(13, shown.requestedSchema().path("properties").size());
            assertEquals("call-1", shown.toolCallId());
            assertEquals(json("{'firstLine':'It was a dark and stormy night.','integer':42,'number':3.14,"
                    + "'untitledSingleSelectEnum':'Monica','untitledMultipleSelectEnum':['Guitar'],'titledSingleSelectEnum':'hero-1',"
                    + "'titledMultipleSelectEnum':['fish-1'],'legacyTitledEnum':'pet-1'}"), shown.defaults());
            assertTrue(form.contains("- Name: Ada Lovelace") && form.contains("- Favorite Integer: 42"), form);

            String url = Interact.run(runtime, "everything", "trigger-url-elicitation",
                    json("{'url':'https://example.com/consent'}"), "call-2");
            assertTrue(url.contains("User completed the URL elicitation flow"), url);
            String errorPath = Interact.run(runtime, "everything", "trigger-url-elicitation",
                    json("{'url':'https://example.com/other','errorPath':true}"), "call-3");
            assertTrue(errorPath.contains("User completed the URL elicitation flow"), errorPath);
            assertTrue(host.elicitations.stream().anyMatch(e -> "https://modelcontextprotocol.io".equals(e.url())),
                    "the -32042 prerequisite URL was shown");

            String sampled = Interact.run(runtime, "everything", "trigger-sampling-request",
                    json("{'prompt':'Say hi','maxTokens':50}"), "call-4");
            assertTrue(sampled.contains("sampled text") && sampled.contains("fake-model"), sampled);
            assertEquals(1, host.samplings.size());

            String roots = Interact.run(runtime, "everything", "get-roots-list", json("{}"), "call-5");
            assertTrue(roots.contains(root.toUri().toString().replaceAll("/$", "")), roots);
        }
    }
}
