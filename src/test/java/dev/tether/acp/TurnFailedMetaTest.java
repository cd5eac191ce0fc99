package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** A turn a failed model request ended says so in the prompt answer's _meta (what `tether exec` exits 1 on); the next turn does not. */
class TurnFailedMetaTest {
    @TempDir
    Path dir;

    @Test
    void aFailedModelRequestIsMarkedAndTheNextGoodTurnIsNot() {
        QueueModel model = new QueueModel();
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);

            JsonNode failed = AcpTestClient.await(client.prompt(session, "hello")).path("result");
            assertEquals("end_turn", failed.path("stopReason").asString());
            assertEquals("model", failed.path("_meta").path("tether").path("turnFailed").asString(), failed.toString());

            model.then(QueueModel.Reply.text("fine now"));
            JsonNode good = AcpTestClient.await(client.prompt(session, "again")).path("result");
            assertEquals("end_turn", good.path("stopReason").asString());
            assertFalse(good.has("_meta"), good.toString());
            assertEquals(List.of(), client.violations(), "both answers are valid ACP");
        }
    }
}
