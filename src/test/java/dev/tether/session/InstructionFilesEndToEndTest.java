package dev.tether.session;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelRequest;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Instruction files through real ACP, in an agent wired as {@code tether acp} is from its
 * environment: the user's file and the project's from the repository root down to the session's
 * directory reach the first model request labelled with their paths; a nested one arrives after a
 * file below it is read, and not before; a 100 KiB file is cut to the budget with the cut said;
 * {@code /context} and the first notice name them.
 */
class InstructionFilesEndToEndTest {
    @TempDir
    Path dir;
    Path repo;
    Path cwd;

    @BeforeEach
    void project() throws Exception {
        repo = Files.createDirectories(dir.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/feature-x\n");
        cwd = Files.createDirectories(repo.resolve("pkg"));
        Files.createDirectories(cwd.resolve("sub"));
        Files.writeString(repo.resolve("AGENTS.md"), "ROOT-RULE: use tabs.\nSee @docs/style.md for style.\n");
        Files.createDirectories(repo.resolve("docs"));
        Files.writeString(repo.resolve("docs/style.md"), "IMPORTED-RULE: short names.\n");
        Files.writeString(cwd.resolve("CLAUDE.md"), "CWD-RULE: run make test.\n");
        Files.writeString(cwd.resolve("sub/AGENTS.md"), "NESTED-RULE: this package is generated.\n");
        Files.writeString(cwd.resolve("sub/file.txt"), "hello\n");
        Files.createDirectories(dir.resolve("home/config/tether"));
        Files.writeString(dir.resolve("home/config/tether/AGENTS.md"), "USER-RULE: answer in English.\n");
    }

    private Map<String, String> env() {
        return WiredAgent.isolatedEnvironment(dir);
    }

    private InProcessAgent agent(QueueModel model) {
        return agent(model, env());
    }

    private InProcessAgent agent(QueueModel model, Map<String, String> env) {
        InProcessAgent agent = WiredAgent.fromEnvironment(dir.resolve("acp-state"), model, env);
        agent.client().request("initialize", AcpTestClient.ZED_INITIALIZE.replace("\"session\":{", "\"session\":{\"notices\":{},"));
        return agent;
    }

    private static String said(AcpTestClient client, String session) {
        StringBuilder out = new StringBuilder();
        client.updates(session, "agent_message_chunk").forEach(u -> out.append(u.path("content").path("text").asString()));
        return out.toString();
    }

    @Test
    void rootAndCwdFilesReachTheModelLabelledANestedOneOnlyAfterAFileBelowItIsRead() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("r1", "read_file", Json.object().put("path", "sub/file.txt"))))
                .then(QueueModel.Reply.text("done"));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            String session = client.newSession(cwd.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "look")).path("result").path("stopReason").asString());

            ModelRequest first = model.requests().get(0);
            String system = first.system();
            assertTrue(system.contains("## AGENTS.md\n\nROOT-RULE: use tabs."), system);
            assertTrue(system.contains("## docs/style.md (imported by AGENTS.md)\n\nIMPORTED-RULE"), system);
            assertTrue(system.contains("## pkg/CLAUDE.md\n\nCWD-RULE"), system);
            assertTrue(system.contains("USER-RULE: answer in English."), system);
            assertTrue(system.indexOf("USER-RULE") < system.indexOf("ROOT-RULE") && system.indexOf("ROOT-RULE") < system.indexOf("CWD-RULE"),
                    "user's first, then from the root down");
            assertTrue(system.contains("on feature-x"), "the branch, read from .git/HEAD: " + system);
            assertFalse(first.toString().contains("NESTED-RULE"), "not before a file below it is read");

            ModelRequest second = model.requests().get(1);
            String messages = second.messages().toString();
            assertTrue(messages.contains("## pkg/sub/AGENTS.md") && messages.contains("NESTED-RULE: this package is generated."), messages);
            assertTrue(messages.indexOf("hello") < messages.indexOf("NESTED-RULE"), "after the file's content");

            // The session's first notice names the files it loaded.
            Waits.eventually(Duration.ofSeconds(10), () -> !client.updates(session, "notice").isEmpty(), "a notice");
            JsonNode notice = client.updates(session, "notice").getFirst();
            String text = notice.path("description").asString();
            assertTrue(text.contains("AGENTS.md (") && text.contains("pkg/CLAUDE.md (25 bytes)"), notice.toString());
            client.clearUpdates(session);
            AcpTestClient.await(client.prompt(session, "/context"));
            String context = said(client, session);
            for (String file : List.of("AGENTS.md", "docs/style.md", "pkg/CLAUDE.md", "pkg/sub/AGENTS.md")) {
                assertTrue(context.contains("- " + file), context);
            }
            assertTrue(context.contains("- pkg/CLAUDE.md: 25 bytes"), context);
            assertEquals(2, model.requests().size(), "/context is answered without the model");

            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aHundredKibFileIsCutToTheBudgetAndTheCutIsSaid() throws Exception {
        String line = "LINE: keep every function short and named for what it does.\n";
        Files.writeString(repo.resolve("AGENTS.md"), line.repeat(100 * 1024 / line.length() + 1));
        long size = Files.size(repo.resolve("AGENTS.md"));
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("ok"));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            String session = client.newSession(cwd.toString(), null);
            AcpTestClient.await(client.prompt(session, "hi"));
            String system = model.requests().getFirst().system();
            assertTrue(system.contains("[Cut: this file has " + size + " bytes; only the first"), system.substring(system.length() - 600));
            assertTrue(system.length() < 40 * 1024, "the budget holds: " + system.length());
            assertTrue(system.contains("budget for instructions"));

            client.clearUpdates(session);
            AcpTestClient.await(client.prompt(session, "/context"));
            String context = said(client, session);
            assertTrue(context.contains("- AGENTS.md: " + size + " bytes — cut to"), context);
            assertTrue(context.contains("Total: ") && context.contains(" of 32768 bytes."), context);
            int total = Integer.parseInt(context.replaceAll("(?s).*Total: (\\d+) of.*", "$1"));
            assertTrue(total <= 32768, context);
        }
    }

    @Test
    void aLinkNamedAgentsMdThatLeadsOutOfTheProjectIsNotRead() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "SECRET-TOKEN-123\n");
        Files.delete(cwd.resolve("CLAUDE.md"));
        Files.createSymbolicLink(cwd.resolve("AGENTS.md"), secret);
        Files.writeString(repo.resolve("AGENTS.md"), "ROOT-RULE\n@../secret.txt\n");
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("ok"));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            String session = client.newSession(cwd.toString(), null);
            AcpTestClient.await(client.prompt(session, "hi"));
            String system = model.requests().getFirst().system();
            assertTrue(system.contains("ROOT-RULE"));
            assertFalse(system.contains("SECRET-TOKEN-123"), "neither the link nor the import leaves the project");
        }
    }

    @Test
    void aKnownSecretInAnInstructionFileIsMaskedBeforeTheModel() throws Exception {
        String key = "sk-ant-api03-CANARY-0123456789abcdefghij";
        Files.writeString(repo.resolve("AGENTS.md"), "ROOT-RULE\nuse the key " + key + " for the staging API\n");
        Map<String, String> env = env();
        env.put("ANTHROPIC_API_KEY", key);
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("ok"));
        try (InProcessAgent agent = agent(model, env)) {
            AcpTestClient client = agent.client();
            String session = client.newSession(cwd.toString(), null);
            AcpTestClient.await(client.prompt(session, "hi"));
            String system = model.requests().getFirst().system();
            assertTrue(system.contains("ROOT-RULE"));
            assertFalse(system.contains(key), "the provider key reached the model");
        }
    }
}
