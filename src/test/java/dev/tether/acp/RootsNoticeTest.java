package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that says it needs roots it is not given reaches the user with how to give them: as a
 * {@code notice} for an editor that shows notices, in the conversation for one that does not.
 */
class RootsNoticeTest {
    private static final String SAID = "Started without allowed directories - waiting for client to provide roots via MCP protocol";
    private static final String HINT = "`files` says it needs roots (\"" + SAID + "\"), and Tether gives the session's directories"
            + " only to servers with `exposeRoots`. To give them to it, add `\"files\": {\"exposeRoots\": true}` under `mcpServers`"
            + " in your config file (`~/.config/tether/config.json`, or `$XDG_CONFIG_HOME/tether/config.json`; it applies to the"
            + " editor's server of that name) and start a new session.";

    @TempDir
    Path dir;

    private static final McpLauncher NEEDS_ROOTS = (servers, cwd, artifacts, host, listener) -> {
        listener.serverNeedsRoots("files", SAID);
        return new McpLauncher.Servers() {
            @Override
            public List<Tool> awaitTools(Cancellation cancellation) {
                return List.of();
            }

            @Override
            public void close() {}
        };
    };

    @Test
    void anEditorThatShowsNoticesGetsAWarningWithTheHint() throws Exception {
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), new QueueModel(), NEEDS_ROOTS)) {
            AcpTestClient client = agent.client();
            client.request("initialize", AcpTestClient.ZED_INITIALIZE.replace("\"session\":{", "\"session\":{\"notices\":{},"));
            String session = client.newSession(dir.toString(), null);
            Waits.eventually(Duration.ofSeconds(10), () -> client.updates(session, "notice").size() == 1, "a notice");
            assertEquals(Json.object().put("sessionUpdate", "notice").put("severity", "warning")
                    .put("title", "MCP server \"files\" needs roots").put("description", HINT), client.updates(session, "notice").getFirst());
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void anEditorWithoutNoticesReadsTheHintInTheConversation() throws Exception {
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), new QueueModel().then(QueueModel.Reply.text("hi")), NEEDS_ROOTS)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            AcpTestClient.await(client.prompt(session, "hello"));
            assertEquals(List.of(), client.updates(session, "notice"));
            String messages = client.updates(session, "agent_message_chunk").toString();
            assertTrue(messages.contains("`files` says it needs roots"), messages);
            assertEquals(List.of(), client.violations());
        }
    }
}
