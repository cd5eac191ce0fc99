package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Suspected hole: {@code .mcp.json} was read from every directory up to {@code /}, so a file
 * another party left in a shared parent — the directory that holds a clone, or a {@code /tmp}
 * where a session runs in {@code /tmp/x} — offered its server to the session (one "Allow" away
 * from running its command). Only the files from the project root down to the session's
 * directory count: the repository's, or outside any repository the directory's own. The
 * project's own server is still asked about, which is the proof the planted one had its chance.
 */
class McpJsonAboveProjectRootAttackTest {
    @TempDir
    Path dir;

    private static String server(String name, String command) {
        return "{\"mcpServers\": {\"" + name + "\": {\"command\": \"" + command + "\"}}}";
    }

    @Test
    void aFileInTheDirectoryHoldingARepositoryIsNotOffered() throws Exception {
        Path parent = Files.createDirectories(dir.resolve("clones"));
        Files.writeString(parent.resolve(".mcp.json"), server("planted", "/bin/sh"));
        Path repo = Files.createDirectories(parent.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".mcp.json"), server("own", "own-server"));
        Path cwd = Files.createDirectories(repo.resolve("src"));

        assertOnlyOwnIsOffered(cwd, repo.toRealPath().resolve(".mcp.json"));
    }

    @Test
    void aFileInASharedParentOfADirectoryOutsideAnyRepositoryIsNotOffered() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("tmp"));
        Files.writeString(shared.resolve(".mcp.json"), server("planted", "/bin/sh"));
        Path cwd = Files.createDirectories(shared.resolve("x"));
        Files.writeString(cwd.resolve(".mcp.json"), server("own", "own-server"));

        assertOnlyOwnIsOffered(cwd, cwd.toRealPath().resolve(".mcp.json"));
    }

    private void assertOnlyOwnIsOffered(Path cwd, Path ownFile) {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("hello"));
        try (ProjectTrustSession tether = new ProjectTrustSession(dir, dir.resolve("home"), model, Json.object(), "reject_project")) {
            String session = tether.open(cwd, null);
            String before = tether.mcp(session);
            assertFalse(before.contains("planted"), before);

            assertEquals("end_turn", tether.prompt(session, "hi"));
            List<JsonNode> approvals = tether.approvals();
            assertEquals(1, approvals.size(), approvals.toString());
            String question = ProjectTrustSession.questionText(approvals.getFirst());
            assertTrue(question.contains("`own`") && question.contains(ownFile.toString()), question);
            assertFalse(approvals.toString().contains("planted"), approvals.toString());

            String after = tether.mcp(session);
            assertTrue(after.contains("| own | rejected |"), after);
            assertFalse(after.contains("planted"), after);
            tether.assertStillWorks(session);
        }
    }
}
