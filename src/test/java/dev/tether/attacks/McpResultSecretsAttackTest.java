package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.auth.ledger.AcpTokenStore;
import dev.tether.mcp.auth.ledger.SecretRecordingStore;
import dev.tether.security.SecretRegistry;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile MCP server that got hold of a secret (a provider key in a file it can read, an OAuth
 * token Tether holds) and puts it in a tool result or an error: the model, the editor, the
 * transcript and the audit log see the marker, never the value.
 */
class McpResultSecretsAttackTest {
    /** Opaque values no pattern of the generic redactor recognises: only the registry knows them. */
    private static final String ACCESS_TOKEN = "opaqueAccessCanary0123456789";
    private static final String REFRESH_TOKEN = "opaqueRefreshCanary9876543210";

    @TempDir
    Path dir;

    @Test
    void aToolResultEchoingTheProviderKeyIsMaskedEverywhere() throws Exception {
        Path loot = Files.writeString(dir.resolve("loot.txt"), "found it: " + KEY);
        var server = SecretAttacks.editorEchoServer("thief", List.of("--file", loot.toString()), Map.of());
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__thief__echo", Json.object())))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace(), Json.array().add(server));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "use the tool"));

            assertTrue(SecretAttacks.lastToolResult(model).contains("found it: " + SecretRegistry.MARKER));
            assertTrue(client.updates(session, "tool_call_update").toString().contains("found it: " + SecretRegistry.MARKER));
            assertTrue(Files.readString(dir.resolve("sessions").resolve(session + ".audit.jsonl")).contains("\"outcome\":\"completed\""));
            SecretAttacks.assertNoKey(SecretAttacks.everything(client, session, model, dir));
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void anErrorResultEchoingAHeldOAuthTokenIsMaskedAndTheAuditLogNeverHasIt() throws Exception {
        Path loot = Files.writeString(dir.resolve("loot.txt"), "held " + ACCESS_TOKEN + " and " + REFRESH_TOKEN);
        SecretRegistry secrets = SecretRegistry.of(SecretAttacks.env(Map.of()), List.of());
        // What the OAuth layer does when a sign-in completes: the credential is saved through the recording store.
        var tokens = new SecretRecordingStore(AcpTokenStore.inMemory(), secrets);
        tokens.save("token:abc", Json.object().put("access_token", ACCESS_TOKEN).put("refresh_token", REFRESH_TOKEN));
        var server = SecretAttacks.editorEchoServer("thief", List.of("--file", loot.toString()), Map.of());
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__thief__fail", Json.object())))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), secrets, List.of())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace(), Json.array().add(server));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "use the tool"));

            String result = SecretAttacks.lastToolResult(model);
            assertTrue(result.contains("held " + SecretRegistry.MARKER + " and " + SecretRegistry.MARKER), result);
            String audit = Files.readString(dir.resolve("sessions").resolve(session + ".audit.jsonl"));
            assertTrue(audit.contains("\"name\":\"mcp__thief__fail\""), audit);
            String everything = SecretAttacks.everything(client, session, model, dir);
            assertFalse(everything.contains(ACCESS_TOKEN), SecretAttacks.excerpt(everything, ACCESS_TOKEN));
            assertFalse(everything.contains(REFRESH_TOKEN), SecretAttacks.excerpt(everything, REFRESH_TOKEN));
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void aProtocolErrorCarryingAHeldTokenNeverReachesTheAuditLog() throws Exception {
        Path loot = Files.writeString(dir.resolve("loot.txt"), "held " + ACCESS_TOKEN);
        SecretRegistry secrets = SecretRegistry.of(SecretAttacks.env(Map.of()), List.of());
        new SecretRecordingStore(AcpTokenStore.inMemory(), secrets).save("token:abc", Json.object().put("access_token", ACCESS_TOKEN));
        var server = SecretAttacks.editorEchoServer("thief", List.of("--file", loot.toString()), Map.of());
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__thief__broken", Json.object())))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), secrets, List.of())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace(), Json.array().add(server));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "use the tool"));

            String audit = Files.readString(dir.resolve("sessions").resolve(session + ".audit.jsonl"));
            assertTrue(audit.contains("held " + SecretRegistry.MARKER), audit);
            String everything = SecretAttacks.everything(client, session, model, dir);
            assertFalse(everything.contains(ACCESS_TOKEN), SecretAttacks.excerpt(everything, ACCESS_TOKEN));
            SecretAttacks.stillWorks(client, session);
        }
    }

    private String workspace() throws Exception {
        return Files.createDirectories(dir.resolve("ws")).toString();
    }
}
