package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.TaskFixture.fast;
import static dev.tether.mcp.TaskFixture.run;
import static dev.tether.mcp.TaskFixture.server;
import static dev.tether.mcp.TaskFixture.start;
import static dev.tether.mcp.TaskFixture.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.tools.ToolError;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task survives the loss of its server's process only when the restarted server reports the
 * same task (same id, same {@code createdAt}); another task under the same id fails it.
 */
class TaskAfterReconnectTest {

    @Test
    void theSameTaskAfterRecoveryIsFollowedToItsResult(@TempDir Path dir) throws Exception {
        try (McpRuntime runtime = start(new ScriptedHost(false, false), true, fast(Duration.ofSeconds(60)),
                server("tasks", dir.resolve("r"), "--state", dir.resolve("state.json").toString(), "--keep-created"))) {
            assertEquals("survived", text(run(runtime, "mcp__tasks__crash_job", json("{'ms':1500}"), Cancellation.root())));
        }
    }

    @Test
    void anotherTaskUnderTheSameIdFailsTheCall(@TempDir Path dir) {
        try (McpRuntime runtime = start(new ScriptedHost(false, false), true, fast(Duration.ofSeconds(60)),
                server("tasks", dir.resolve("r"), "--state", dir.resolve("state.json").toString()))) {
            ToolError.TellModel e = assertThrows(ToolError.TellModel.class,
                    () -> run(runtime, "mcp__tasks__crash_job", json("{'ms':1500}"), Cancellation.root()));
            assertTrue(e.getMessage().contains("not the one this call started"), e.getMessage());
        }
    }

    @Test
    void aServerThatNeverComesBackFailsTheTaskAfterTheErrorBudget(@TempDir Path dir) {
        try (McpRuntime runtime = start(new ScriptedHost(false, false), true,
                TestSettings.withErrorBudget(fast(Duration.ofSeconds(60)), Duration.ofMillis(500)),
                server("tasks", dir.resolve("r"), "--start-file", dir.resolve("starts").toString(), "--max-starts", "1"))) {
            ToolError.TellModel e = assertThrows(ToolError.TellModel.class,
                    () -> run(runtime, "mcp__tasks__crash_job", json("{'ms':1500}"), Cancellation.root()));
            assertTrue(e.getMessage().contains("could not be reached"), e.getMessage());
        }
    }
}
