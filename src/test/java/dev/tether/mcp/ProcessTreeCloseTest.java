package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Closing the runtime ends a stdio server and the processes it started (how long that takes: scripts/bench). */
class ProcessTreeCloseTest {
    private static final Pattern CHILD = Pattern.compile("child (\\d+)");

    @Test
    void closeEndsTheServerAndItsChildren() throws Exception {
        McpRuntime runtime = McpRuntime.start(List.of(fake("parent", "--spawn-child")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT);
        runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
        assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());
        // The server names its child on stderr, which arrives on its own pipe, not before the handshake's answer.
        Waits.eventually(Duration.ofSeconds(20), () -> CHILD.matcher(runtime.connection("parent").stderrTail()).find(),
                "the fake server to report its child");
        Matcher m = CHILD.matcher(runtime.connection("parent").stderrTail());
        assertTrue(m.find());
        ProcessHandle child = ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow();
        ProcessHandle server = child.parent().orElseThrow();
        assertTrue(child.isAlive());

        runtime.close();

        assertFalse(running(child.pid()), "grandchild killed");
        assertFalse(running(server.pid()), "server killed");
    }

    private static boolean running(long pid) throws Exception {
        return dev.tether.testing.mcp.McpTestSupport.running(pid);
    }
}
