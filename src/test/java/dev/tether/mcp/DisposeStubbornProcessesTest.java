package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.RecordingListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Closing the runtime kills servers and children that ignore SIGTERM (how long that takes: scripts/bench). */
class DisposeStubbornProcessesTest {
    private static final Pattern CHILD = Pattern.compile("child (\\d+)");

    @Test
    void closeKillsServersAndChildrenThatIgnoreSigterm() throws Exception {
        RecordingListener events = new RecordingListener();
        McpRuntime runtime = McpRuntime.start(List.of(
                chaos("mule1", "--ignore-sigterm", "--stubborn-child"),
                chaos("mule2", "--ignore-sigterm", "--stubborn-child")), options(), events, McpConnectionSettings.DEFAULT);
        runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
        List<ProcessHandle> processes = new ArrayList<>();
        for (String name : List.of("mule1", "mule2")) {
            McpConnection c = runtime.connection(name);
            processes.add(ProcessHandle.of(c.pid()).orElseThrow());
            // The server names its child on stderr, which arrives on its own pipe, not before the handshake's answer.
            Waits.eventually(Duration.ofSeconds(20), () -> CHILD.matcher(c.stderrTail()).find(), name + " to report its child");
            Matcher m = CHILD.matcher(c.stderrTail());
            assertTrue(m.find(), c.stderrTail());
            processes.add(ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow());
        }
        int delivered = events.events().size();

        runtime.close();

        for (ProcessHandle p : processes) {
            assertFalse(dev.tether.testing.mcp.McpTestSupport.running(p.pid()), "process " + p.pid() + " left running");
        }
        assertEquals(delivered, events.events().size(), "no events after close");
        assertTrue(runtime.status().stream().allMatch(s -> s.state() == State.DISCONNECTED));
    }
}
