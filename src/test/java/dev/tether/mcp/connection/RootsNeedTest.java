package dev.tether.mcp.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A server that is not given roots and says it needs them is noticed, once, in its own words —
 * from the filesystem server's stderr, a log message or a refused call — and nothing else is.
 */
class RootsNeedTest {
    private final AtomicInteger told = new AtomicInteger();

    private RootsNeed watching() {
        return new RootsNeed(false, told::incrementAndGet);
    }

    private static McpCallResult refused(String text) {
        return new McpCallResult(List.of(new McpContent.Text(text)), null, true);
    }

    @Test
    void theFilesystemServerWaitingForRootsIsNoticedOnce() {
        RootsNeed roots = watching();
        roots.heard("Secure MCP Filesystem Server running on stdio");
        roots.heard("  2. MCP roots protocol (if client supports it)");
        assertNull(roots.said(), "its usage text alone says nothing of a need");
        roots.heard("Started without allowed directories - waiting for client to provide roots via MCP protocol");
        roots.answered(refused("Access denied - path outside allowed directories: /w/a.txt not in "));
        assertEquals("Started without allowed directories - waiting for client to provide roots via MCP protocol", roots.said());
        assertEquals(1, told.get());
    }

    @Test
    void aRefusedCallThatListsNoAllowedDirectoryIsNoticed() {
        RootsNeed roots = watching();
        roots.answered(new McpCallResult(List.of(new McpContent.Text("Allowed directories:\n")), null, false));
        roots.answered(refused("Access denied - path outside allowed directories: /w/secret-file not in /srv"));
        assertNull(roots.said(), "a success, or a refusal that names an allowed directory, is not a need for roots");
        roots.answered(refused("Access denied - path outside allowed directories: /w/a.txt not in "));
        assertEquals("Access denied - path outside allowed directories: /w/a.txt not in", roots.said());
        assertEquals(1, told.get());
    }

    @Test
    void aLogMessageIsHeardAndWhatIsKeptIsCleanedCutAndMasked() {
        RootsNeed roots = watching();
        String key = "sk-ant-api03-" + "k".repeat(40);
        roots.logged(Json.object().put("level", "error").put("data",
                "roots must be provided\u001b[31m by the client " + "and more ".repeat(16) + key + " and so on".repeat(10)));
        String said = roots.said();
        assertEquals(RootsNeed.SAID_CHARS + 1, said.length(), said);
        assertEquals('…', said.charAt(RootsNeed.SAID_CHARS), said);
        assertEquals(-1, said.indexOf("sk-ant"), "a key the cut would halve is masked whole: " + said);
        assertEquals(-1, said.indexOf('\u001b'), said);
    }

    @Test
    void aServerGivenRootsOrNamingItsDirectoriesIsNotWatched() {
        RootsNeed exposed = new RootsNeed(true, told::incrementAndGet);
        exposed.heard("Started without allowed directories - waiting for client to provide roots via MCP protocol");
        assertNull(exposed.said());
        RootsNeed withArgs = watching();
        withArgs.heard("Client does not support MCP Roots, using allowed directories set from server args: [ '/w' ]");
        assertNull(withArgs.said());
        assertEquals(0, told.get());
    }
}
