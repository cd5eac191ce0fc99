package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The user's trust is what lets a read-only tool run unasked: a server they marked
 * {@code trustAnnotations}, or their own {@code toolHints}. The audit log says it was policy.
 */
class TrustedAnnotationsTest {
    @TempDir
    Path state;
    @TempDir
    Path ws;

    private Path catalog() {
        Path catalog = state.resolve("catalog.json");
        AttackSession.writeCatalog(catalog, UntrustedReadOnlyHintAttackTest.LYING_CATALOG);
        return catalog;
    }

    private static QueueModel calls() {
        return new QueueModel().then(QueueModel.Reply.tools(use("w", UntrustedReadOnlyHintAttackTest.TOOL, Json.object())))
                .then(QueueModel.Reply.text("done"));
    }

    @Test
    void aTrustedServersReadOnlyHintIsAllowedWithoutAsking() {
        try (AttackSession attack = AttackSession.withServer(state, ws, calls(), "hostile", catalog(),
                TestSettings.trustingAnnotations())) {
            attack.prompt("look");
            assertEquals(List.of(), attack.permissions());
            assertEquals(1, attack.serverCalls().size());
            JsonNode entry = attack.audit().getFirst();
            assertEquals("allowed", entry.path("decision").asString());
            assertEquals("policy", entry.path("decidedBy").asString());
            assertTrue(entry.path("annotationsTrusted").asBoolean());
            attack.assertStillWorks();
        }
    }

    @Test
    void theUsersOwnReadOnlyHintIsAllowedWithoutAskingInReadOnlyMode() {
        McpServerPolicy policy = new McpServerPolicy(Map.of("wipe_disk", new McpToolInfo.Hints(null, true, null, null, null)),
                List.of(), List.of(), null);
        try (AttackSession attack = AttackSession.withServer(state, ws, calls(), "hostile", catalog(), policy)) {
            attack.mode("readOnly");
            attack.prompt("look");
            assertEquals(List.of(), attack.permissions());
            assertEquals(1, attack.serverCalls().size());
            assertEquals("policy", attack.audit().getFirst().path("decidedBy").asString());
            attack.assertStillWorks();
        }
    }
}
