package dev.tether.session.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.session.servers.McpLauncher;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code /mcp} shows a server that needs a new sign-in as such, with the command that starts one. */
class McpNeedsSignInStatusTest {

    @Test
    void aServerThatNeedsSignInIsShownWithWhatToDo() {
        String reason = "initialize failed: server \"docs\" needs re-authorisation: its refresh token was refused";
        String shown = McpSlashCommand.status(List.of(
                new McpLauncher.ServerSummary("docs", "needs_auth", "http", 0, 0, 0, reason),
                new McpLauncher.ServerSummary("files", "ready", "stdio", 3, 0, 0, "2025-11-25", null)));
        assertEquals("""
                | server | state | transport | tools | resources | prompts | protocol | roots | last error |
                |---|---|---|---|---|---|---|---|---|
                | docs | needs_auth | http | 0 | 0 | 0 |  |  | %s |
                | files | ready | stdio | 3 | 0 | 0 | 2025-11-25 |  |  |

                `docs` needs you to sign in again: run `/mcp reconnect docs` to start the sign-in.
                """.formatted(reason), shown);
    }

    @Test
    void otherStatesGetNoSignInLine() {
        assertEquals("""
                | server | state | transport | tools | resources | prompts | protocol | roots | last error |
                |---|---|---|---|---|---|---|---|---|
                | files | failed | stdio | 0 | 0 | 0 |  |  | boom |
                """, McpSlashCommand.status(List.of(new McpLauncher.ServerSummary("files", "failed", "stdio", 0, 0, 0, "boom"))));
    }
}
