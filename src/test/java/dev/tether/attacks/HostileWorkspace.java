package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * A session over ACP in a workspace the test has booby-trapped, driven by a scripted (hostile)
 * model: {@code dir/ws} is the cwd, {@code dir/outside} lies beside it, and Tether's state
 * directory is wherever the test says (inside the workspace for the state-directory attacks).
 */
final class HostileWorkspace implements AutoCloseable {
    /** How the editor offers files: through its fs methods (Zed), or not at all (local access). */
    enum Fs { EDITOR, LOCAL }

    final Path ws;
    final Path outside;
    final QueueModel model;
    final InProcessAgent agent;
    final AcpTestClient client;
    final String session;

    HostileWorkspace(Path dir, Path stateDir, QueueModel model, Fs files, String mode) {
        this(dir, stateDir, model, files, mode, InProcessAgent.NO_MCP);
    }

    HostileWorkspace(Path dir, Path stateDir, QueueModel model, Fs files, String mode, McpLauncher mcp) {
        try {
            this.ws = Files.createDirectories(dir.resolve("ws"));
            this.outside = Files.createDirectories(dir.resolve("outside"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.model = model;
        this.agent = new InProcessAgent(stateDir, model, mcp);
        this.client = agent.client();
        boolean fs = files == Fs.EDITOR;
        client.request("initialize", Json.parse("""
                {"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":%s,"writeTextFile":%s},"terminal":false},
                 "clientInfo":{"name":"attack-editor","version":"1"}}""".formatted(fs, fs)));
        this.session = client.newSession(ws.toString(), null);
        if (mode != null) {
            client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", mode));
        }
    }

    /** Sends a prompt and waits for its stop reason. */
    String prompt(String text) {
        JsonNode response = AcpTestClient.await(client.prompt(session, text));
        assertTrue(response.has("result"), "the prompt failed: " + response);
        return response.path("result").path("stopReason").asString();
    }

    /** The last update of the tool call with this id (its final status and content). */
    JsonNode lastUpdate(String callId) {
        return client.updates(session).stream()
                .filter(u -> u.path("toolCallId").asString().equals(callId))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no tool call " + callId));
    }

    /** The first announcement of the tool call with this id. */
    JsonNode announcement(String callId) {
        return client.updates(session, "tool_call").stream()
                .filter(u -> u.path("toolCallId").asString().equals(callId))
                .findFirst().orElseThrow(() -> new AssertionError("no tool call " + callId));
    }

    /** The text the model read as the result of a tool use, from the last request it received. */
    String resultForModel(String toolUseId) {
        ModelRequest last = model.requests().getLast();
        return last.messages().stream().flatMap(m -> m.parts().stream())
                .filter(p -> p instanceof Part.ToolResult r && r.toolUseId().equals(toolUseId))
                .map(p -> ((Part.ToolResult) p).content().stream()
                        .filter(Part.Text.class::isInstance).map(c -> ((Part.Text) c).text()).collect(Collectors.joining()))
                .findFirst().orElseThrow(() -> new AssertionError("the model never got a result for " + toolUseId));
    }

    /** The session still works: a next prompt completes and the model's answer reaches the editor. */
    void assertStillWorks() {
        model.then(QueueModel.Reply.text("still here"));
        assertEquals("end_turn", prompt("are you still there?"));
        assertTrue(client.updates(session, "agent_message_chunk").toString().contains("still here"));
        assertEveryToolUseAnswered(model.requests().getLast());
        assertEquals(List.of(), client.violations());
    }

    /**
     * What model APIs demand of every request: each tool use of an assistant message is answered
     * by a result in the user message right after it.
     */
    static void assertEveryToolUseAnswered(ModelRequest request) {
        List<ModelMessage> messages = request.messages();
        for (int i = 0; i < messages.size(); i++) {
            Set<String> uses = new HashSet<>();
            for (Part part : messages.get(i).parts()) {
                if (part instanceof Part.ToolUse use) {
                    uses.add(use.id());
                }
            }
            if (uses.isEmpty()) {
                continue;
            }
            assertTrue(i + 1 < messages.size(), "tool uses " + uses + " are the last message of the request");
            ModelMessage next = messages.get(i + 1);
            assertEquals(ModelMessage.Role.USER, next.role());
            Set<String> answered = next.parts().stream().filter(Part.ToolResult.class::isInstance)
                    .map(p -> ((Part.ToolResult) p).toolUseId()).collect(Collectors.toSet());
            assertTrue(answered.containsAll(uses), "tool uses " + uses + " answered only by " + answered);
        }
    }

    @Override
    public void close() {
        agent.close();
    }
}
