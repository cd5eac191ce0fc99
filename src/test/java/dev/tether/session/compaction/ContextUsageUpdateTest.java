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
 * occupied (input and output tokens) of the window, here the user's {@code context.windowTokens}.
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
            AcpTestClient.await(client.prompt(session, "What is in here?"));
            assertEquals(List.of("1230/50000", "1408/50000"), client.updates(session, "usage_update").stream()
                    .map(u -> u.path("used").asLong() + "/" + u.path("size").asLong()).toList());
            assertEquals(List.of(), client.violations());
        }
    }
}
