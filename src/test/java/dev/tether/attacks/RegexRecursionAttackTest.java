package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code (a|b)*c} over a long line of a's makes {@code java.util.regex} recurse once per
 * repetition until the stack overflows. The {@code StackOverflowError} used to escape the tool
 * machinery and leave a {@code tool_use} without a result, so that every later model request
 * was one the provider rejects. Now it is a clear error result and the next prompt works.
 */
class RegexRecursionAttackTest {
    @TempDir
    Path dir;

    @Test
    void aStackOverflowIsAnErrorResultAndTheNextPromptWorks() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("d1", "search", Json.object().put("pattern", "(a|b)*c"))))
                .then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.LOCAL, null)) {
            Files.writeString(attack.ws.resolve("deep.txt"), "a".repeat(9000) + "\n");

            assertEquals("end_turn", attack.prompt("search"));

            assertEquals("failed", attack.lastUpdate("d1").path("status").asString());
            String result = attack.resultForModel("d1");
            assertTrue(result.startsWith("search: the regular expression recursed too deeply on deep.txt:1"), result);
            attack.assertStillWorks();
        }
    }
}
