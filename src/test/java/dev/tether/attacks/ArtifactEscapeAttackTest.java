package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * A model (steered by a hostile result) aims {@code read_artifact} outside the session's own
 * artifacts: a path, {@code ..}, a symbolic link planted in the store under a valid id, another
 * session's artifact. Each is "no such artifact"; no byte of the target reaches the model.
 */
class ArtifactEscapeAttackTest {
    private static final String SECRET = "TOP-SECRET-CANARY-4242";
    private static final String LINKED = "0123456789abcdef0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void pathsDotDotLinksAndOtherSessionsArtifactsAreNoSuchArtifact() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET + "\n");
        String big = (SECRET.toLowerCase() + " filler line\n").repeat(2000);
        List<String> tries = new ArrayList<>(List.of(secret.toString(), "artifact:../secret.txt", "../../secret.txt",
                "artifact:" + LINKED, LINKED + "/../../secret.txt", "artifact:ffffffffffffffffffffffffffffffff"));
        String[] otherSessionId = new String[1];
        Path[] secondStore = new Path[1];
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("a1", "mcp__chaos__echo", Json.object().put("text", big))))
                .then(QueueModel.Reply.text("kept"))
                .then(QueueModel.Reply.tools(use("b1", "mcp__chaos__echo", Json.object().put("text", big))))
                .thenAnswer(request -> {
                    try {
                        // Planted once the store exists: a link under a valid id, pointing outside.
                        Files.createSymbolicLink(secondStore[0].resolve(LINKED), secret);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    List<Part.ToolUse> uses = new ArrayList<>();
                    tries.add("artifact:" + otherSessionId[0]);
                    for (int i = 0; i < tries.size(); i++) {
                        uses.add(use("x" + i, "read_artifact", Json.object().put("id", tries.get(i))));
                    }
                    return QueueModel.Reply.tools(uses.toArray(Part.ToolUse[]::new));
                })
                .then(QueueModel.Reply.text("done"));
        ObjectNode config = Json.object();
        config.putObject("mcpServers").putObject("chaos").putObject("toolHints").putObject("echo").put("readOnlyHint", true);
        try (InProcessAgent agent = WiredAgent.start(dir, model, config)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String first = client.newSession(dir.toString(), WiredAgent.servers(WiredAgent.chaos("chaos")));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(first, "keep a big result")).path("result").path("stopReason").asString());
            otherSessionId[0] = onlyArtifact(dir.resolve("sessions").resolve(first + ".artifacts"));

            String second = client.newSession(dir.toString(), WiredAgent.servers(WiredAgent.chaos("chaos")));
            Path store = dir.resolve("sessions").resolve(second + ".artifacts");
            secondStore[0] = store;
            AcpTestClient.await(client.prompt(second, "read around"));
            assertTrue(Files.isSymbolicLink(store.resolve(LINKED)), "the link was in place");
            ModelRequest last = model.requests().getLast();
            List<String> results = last.messages().getLast().parts().stream().filter(Part.ToolResult.class::isInstance)
                    .map(p -> ((Part.ToolResult) p).content().stream().filter(Part.Text.class::isInstance)
                            .map(t -> ((Part.Text) t).text()).collect(Collectors.joining()))
                    .toList();
            assertEquals(tries.size(), results.size());
            for (String result : results) {
                assertTrue(result.contains("no such artifact"), result);
                assertFalse(result.contains(SECRET) || result.contains(SECRET.toLowerCase()), "nothing of the target: " + result);
            }
        }
    }

    private static String onlyArtifact(Path store) throws Exception {
        try (var files = Files.list(store)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.matches("[0-9a-f]{32}")).findFirst().orElseThrow();
        }
    }
}
