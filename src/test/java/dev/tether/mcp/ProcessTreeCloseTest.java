package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ProcessTreeCloseTest {

    @Test
    void closeEndsTheServerAndItsChildrenWithinTwoSeconds() throws Exception {
        McpRuntime runtime = McpRuntime.start(List.of(fake("parent", "--spawn-child")), options(), McpRuntimeListener.NONE);
        runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
        assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());
        Matcher m = Pattern.compile("child (\\d+)").matcher(runtime.connection("parent").stderrTail());
        assertTrue(m.find(), "the fake server reports its child");
        ProcessHandle child = ProcessHandle.of(Long.parseLong(m.group(1))).orElseThrow();
        ProcessHandle server = child.parent().orElseThrow();
        assertTrue(child.isAlive());

        long start = System.nanoTime();
        runtime.close();
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();

        assertTrue(millis < 2500, "close took " + millis + " ms");
        assertFalse(running(child.pid()), "grandchild killed");
        assertFalse(running(server.pid()), "server killed");
    }

    private static boolean running(long pid) throws Exception {
        return dev.tether.testing.mcp.McpTestSupport.running(pid);
    }
}
