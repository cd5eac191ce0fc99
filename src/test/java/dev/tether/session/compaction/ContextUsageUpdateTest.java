package dev.tether.session.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedCatalog;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After each model response the editor gets {@code usage_update}: the context the response
 * occupied (input and output tokens) of the window, here the user's {@code context.windowTokens};
 * the prompt's answer adds up the tokens of the turn.
 */
class ContextUsageUpdateTest {
    @TempDir
    Path dir;

    @Test
    void eachResponseReportsTheContextUsedOfTheConfiguredWindow() {
        ScriptedCatalog model = new ScriptedCatalog("""
                {"toolCalls": [{"id": "l1", "name": "list_files", "input": {"path": "."}}], "usage": {"input": 1200, "output": 30}}
                {"text": "Nothing here.", "usage": {"input": 1400, "output": 8}}
                """);
        try (InProcessAgent agent = Compaction.agent(dir, model, 50_000)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            var answer = AcpTestClient.await(client.prompt(session, "What is in here?")).path("result");
            assertEquals(List.of("1230/50000", "1408/50000"), client.updates(session, "usage_update").stream()
                    .map(u -> u.path("used").asLong() + "/" + u.path("size").asLong()).toList());
            // The prompt answer sums the turn's two model requests (ACP's usage; the frame is checked too).
            assertEquals("2600 in, 38 out, 2638 in all", answer.path("usage").path("inputTokens").asLong() + " in, "
                    + answer.path("usage").path("outputTokens").asLong() + " out, "
                    + answer.path("usage").path("totalTokens").asLong() + " in all");
            assertEquals(List.of(), client.violations());
        }
    }
}
