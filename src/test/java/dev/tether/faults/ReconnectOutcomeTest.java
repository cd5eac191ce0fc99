package dev.tether.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /mcp reconnect} waits for the outcome and says it in plain words: a server that cannot
 * start is reported as not reconnected, with the reason; one that comes back is reported ready
 * with its counts. Neither says "Reconnected" above a table that shows it failed.
 */
class ReconnectOutcomeTest {
    static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 10}}";

    @TempDir
    Path state;

    /** An ACP stdio entry for the fake server with {@code flags}, as an editor passes it. */
    private static ObjectNode fakeEntry(String name, String... flags) {
        var spec = McpTestSupport.fake(name, flags);
        ObjectNode entry = Json.object().put("name", name).put("command", spec.command());
        ArrayNode args = entry.putArray("args");
        spec.args().forEach(args::add);
        entry.putArray("env");
        return entry;
    }

    /** The agent's words for one prompt: what it said after everything before. */
    private static String answer(FaultSession s, String prompt) {
        int before = s.agentText().length();
        assertEquals("end_turn", s.prompt(prompt));
        return s.agentText().substring(before);
    }

    @Test
    void aServerThatCannotStartIsReportedAsFailedWithItsReason() {
        try (FaultSession s = FaultSession.start(state, new QueueModel(), CONFIG,
                tag -> FaultSession.servers(fakeEntry("dbhub", "--crash-at-start", "--tag", tag)))) {
            // The first start has failed (so the next one is remembered as not speaking server/discover
            // and goes straight to initialize): the reconnect must still say the server died by itself.
            Waits.eventually(Duration.ofSeconds(30), () -> answer(s, "/mcp").contains("| dbhub | failed | stdio |"),
                    "the first start to fail");
            String shown = answer(s, "/mcp reconnect dbhub");
            assertTrue(shown.startsWith("⚠ `dbhub` could not be reconnected: the server exited before answering anything"), shown);
            assertTrue(shown.contains("No such built-in module: node:sqlite"), "the error line of its trace: " + shown);
            assertFalse(shown.contains("Reconnected"), shown);
            assertTrue(shown.contains("| dbhub | failed | stdio |"), "and the table agrees: " + shown);
        }
    }

    @Test
    void aServerThatComesBackIsReportedReadyWithItsCounts() throws Exception {
        Path starts = Files.writeString(state.resolve("starts"), "1");
        try (FaultSession s = FaultSession.start(state, new QueueModel(), CONFIG,
                tag -> FaultSession.servers(FaultSession.chaosServer("flaky", tag,
                        "--start-file", starts.toString(), "--max-starts", "1")))) {
            Waits.eventually(Duration.ofSeconds(30), () -> answer(s, "/mcp").contains("| flaky | failed | stdio |"),
                    "the first start to fail");
            Files.writeString(starts, "0");
            String shown = answer(s, "/mcp reconnect flaky");
            assertTrue(shown.matches("(?s)Reconnected `flaky`: ready with \\d+ tools, \\d+ resources? and \\d+ prompts? \\(MCP [-0-9]+\\)\\.\n\n.*"), shown);
            assertTrue(shown.contains("| flaky | ready | stdio |"), shown);
        }
    }

    @Test
    void anUnknownServerIsNamedAsSuch() {
        try (FaultSession s = FaultSession.start(state, new QueueModel(), CONFIG, tag -> FaultSession.servers())) {
            String shown = answer(s, "/mcp reconnect nobody");
            assertTrue(shown.contains("nobody"), shown);
            assertFalse(shown.contains("Reconnected"), shown);
        }
    }
}
