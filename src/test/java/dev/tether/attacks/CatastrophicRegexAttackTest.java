package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolHarness;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.builtin.SearchTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The model searches with {@code (a+)+\1b} over a line of a's: the back-reference defeats the
 * JDK's loop memoisation, so its backtracking engine would take longer than the universe's age,
 * and it ignores interrupts. The search must end when
 * the user cancels ({@code session/cancel}: the prompt returns {@code cancelled} promptly) and
 * at its own deadline, and the session must keep working.
 */
class CatastrophicRegexAttackTest {
    private static final String EVIL = "(a+)+\\1b";
    private static final String LINE = "a".repeat(60) + "!\n";

    @TempDir
    Path dir;

    @Test
    void sessionCancelStopsTheMatchAndTheSessionGoesOn() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("r1", "search", Json.object().put("pattern", EVIL))));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.LOCAL, null)) {
            Files.writeString(attack.ws.resolve("trap.txt"), LINE);
            CompletableFuture<JsonNode> prompt = attack.client.prompt(attack.session, "find it");
            Waits.eventually(Duration.ofSeconds(10), () -> attack.client.updates(attack.session, "tool_call_update").stream()
                    .anyMatch(u -> u.path("status").asString().equals("in_progress")), "the search to start");
            attack.client.cancel(attack.session);
            JsonNode response = AcpTestClient.await(prompt);

            // That the match itself stops is aCancelStopsTheMatchItself's subject; how soon the prompt answers, scripts/bench's.
            assertEquals("cancelled", response.path("result").path("stopReason").asString(), response.toString());
            attack.assertStillWorks();
        }
    }

    @Test
    void aCancelStopsTheMatchItself() throws Exception {
        ToolHarness h = new ToolHarness(dir);
        Files.writeString(h.root.resolve("trap.txt"), LINE);
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        // An hour's time limit: only the cancel can end the match before the test times out.
        Thread search = Thread.ofPlatform().daemon().name("catastrophic-search").start(() -> {
            try {
                new SearchTool(Duration.ofHours(1)).run(Json.object().put("pattern", EVIL), h.context(ToolHarness.LOCAL));
                ended.complete(null);
            } catch (Throwable t) {
                ended.complete(t);
            }
        });
        Waits.eventually(Duration.ofSeconds(30), () -> Arrays.stream(search.getStackTrace())
                .anyMatch(frame -> frame.getClassName().startsWith("java.util.regex.")), "the match to run");

        h.cancellation.cancel();

        assertTrue(ended.get() instanceof CancelledException, "ended with " + ended.getNow(null));
    }

    @Test
    void theDeadlineEndsASearchNobodyCancels() throws Exception {
        ToolHarness h = new ToolHarness(dir);
        Files.writeString(h.root.resolve("trap.txt"), LINE);
        // Unstopped, the match would outlast the test's timeout by ages; the message names the deadline that stopped it.
        ToolError.TellModel failure = assertThrows(ToolError.TellModel.class, () -> new SearchTool(Duration.ofMillis(300))
                .run(Json.object().put("pattern", EVIL), h.context(ToolHarness.LOCAL)));
        assertTrue(failure.getMessage().startsWith("search: Stopped after 300 ms without finishing: the pattern may backtrack"),
                failure.getMessage());
    }

    @Test
    void theDeadlineKeepsWhatWasFoundBeforeIt() throws Exception {
        ToolHarness h = new ToolHarness(dir);
        Files.writeString(h.root.resolve("a-first.txt"), "aab\n");
        Files.writeString(h.root.resolve("b-trap.txt"), LINE);
        ToolOutcome outcome = new SearchTool(Duration.ofMillis(300)).run(Json.object().put("pattern", EVIL), h.context(ToolHarness.LOCAL));
        String text = ((Part.Text) outcome.forModel().getFirst()).text();
        assertEquals("a-first.txt:1: aab\n[Stopped after 300 ms without finishing; the results are incomplete.]", text);
    }
}
