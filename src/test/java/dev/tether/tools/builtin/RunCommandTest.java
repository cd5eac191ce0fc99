package dev.tether.tools.builtin;

import static dev.tether.tools.builtin.FileToolsTest.modelText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolHarness;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run_command as a local process and in an editor terminal: results, timeouts, cancellation. */
class RunCommandTest {
    @TempDir
    Path temp;
    ToolHarness h;

    @BeforeEach
    void setUp() {
        h = new ToolHarness(temp);
    }

    @Test
    void nonZeroExitIsANormalResultLocally() throws Exception {
        ToolOutcome out = new RunCommandTool().run(Json.parse("{\"command\":\"echo out; echo err >&2; exit 3\"}"),
                h.context(ToolHarness.LOCAL));
        assertEquals("Exit code: 3\nOutput:\nout\nerr\n", modelText(out));
        assertFalse(out.isError());
    }

    @Test
    void runsInTheGivenCwdWithStdinClosed() throws Exception {
        Files.createDirectories(h.root.resolve("sub"));
        ToolOutcome out = new RunCommandTool().run(Json.parse("{\"command\":\"pwd; cat; echo done\",\"cwd\":\"sub\"}"),
                h.context(ToolHarness.LOCAL));
        assertEquals("Exit code: 0\nOutput:\n" + h.root.resolve("sub").toRealPath() + "\ndone\n", modelText(out));
        ToolError.TellModel outside = assertThrows(ToolError.TellModel.class, () -> new RunCommandTool()
                .run(Json.parse("{\"command\":\"ls\",\"cwd\":\"..\"}"), h.context(ToolHarness.LOCAL)));
        assertEquals("run_command: path is outside the workspace: ..", outside.getMessage());
    }

    @Test
    void keepsTheTailOfLongOutput() throws Exception {
        ToolOutcome out = new RunCommandTool().run(
                Json.parse("{\"command\":\"seq 1 100000\"}"), h.context(ToolHarness.LOCAL));
        String text = modelText(out);
        assertTrue(text.startsWith("Exit code: 0\nOutput (truncated: only the end is shown):\n"));
        assertTrue(text.endsWith("\n99999\n100000\n"));
        assertTrue(text.length() < RunCommandTool.OUTPUT_BYTE_LIMIT + 100);
    }

    @Test
    void aKeyWhereTheOutputIsCutIsMaskedWholeNotShownAsItsEnd() throws Exception {
        String key = "sk-ant-api03-CANARY-0123456789abcdefghij";
        dev.tether.security.SecretRegistry secrets = dev.tether.security.SecretRegistry.empty();
        secrets.register(key);
        RunCommandTool tool = new RunCommandTool(RunCommandTool.DEFAULT_TIMEOUT, secrets);
        int limit = RunCommandTool.OUTPUT_BYTE_LIMIT;
        // The shown 64 KB start inside the key, and then the runner's own cut (64 KB and a margin) does.
        for (int after : new int[] {limit - 20, limit - 1, limit + 60, limit + 130, limit + 150}) {
            Files.writeString(h.root.resolve("out.txt"), "x".repeat(100_000) + key + "y".repeat(after));
            String text = modelText(tool.run(Json.parse("{\"command\":\"cat out.txt\"}"), h.context(ToolHarness.LOCAL)));
            for (int i = 0; i + 8 <= key.length(); i++) {
                assertFalse(text.contains(key.substring(i, i + 8)), after + " after: " + text.substring(0, 120));
            }
            assertTrue(text.startsWith("Exit code: 0\nOutput (truncated: only the end is shown):\n"));
            assertTrue(text.endsWith("y".repeat(1000)));
            assertTrue(text.length() <= RunCommandTool.OUTPUT_BYTE_LIMIT + 100);
        }
    }

    @Test
    void timeoutKillsTheProcessTreeLocally() throws Exception {
        // The child would sleep an hour: a tool that waited for it rather than killing it times the test out.
        ToolOutcome out = new RunCommandTool().run(
                Json.parse("{\"command\":\"sleep 3600 & echo $! > child.pid; wait\",\"timeout_ms\":500}"),
                h.context(ToolHarness.LOCAL));
        assertTrue(modelText(out).startsWith("Timed out after 500 ms; the command was killed.\nExit code: none\nSignal: SIGKILL\n"),
                modelText(out));
        assertProcessGone(h.root.resolve("child.pid"));
    }

    @Test
    void cancellationKillsTheLocalProcess() throws Exception {
        var ctx = h.context(ToolHarness.LOCAL);
        var run = CompletableFuture.supplyAsync(() -> {
            try {
                return new RunCommandTool().run(Json.parse("{\"command\":\"sleep 30 & echo $! > child.pid; wait\"}"), ctx);
            } catch (ToolError.TellModel e) {
                throw new IllegalStateException(e);
            }
        });
        awaitFile(h.root.resolve("child.pid"));
        h.cancellation.cancel();
        var thrown = assertThrows(java.util.concurrent.ExecutionException.class, () -> run.get(10, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(thrown.getCause() instanceof CancelledException);
        assertProcessGone(h.root.resolve("child.pid"));
    }

    @Test
    void editorTerminalIsShownThenReleased() throws Exception {
        ToolOutcome out = new RunCommandTool().run(Json.parse("{\"command\":\"echo hi; exit 2\"}"), h.context(ToolHarness.EDITOR));
        assertEquals("Exit code: 2\nOutput:\nhi\n", modelText(out));
        assertEquals(List.of(new ToolDisplay.Terminal("term-1")), out.forEditor());
        assertEquals(List.of("terminal/create", "terminal/wait_for_exit", "terminal/output", "terminal/release"),
                h.editor.methods());
        assertEquals(Json.parse("{\"sessionId\":\"s-1\",\"command\":\"/bin/sh\",\"args\":[\"-c\",\"echo hi; exit 2\"],"
                        + "\"cwd\":\"" + h.root + "\",\"outputByteLimit\":" + RunCommandTool.OUTPUT_BYTE_LIMIT + ","
                        + "\"env\":[{\"name\":\"ANTHROPIC_API_KEY\",\"value\":\"\"},{\"name\":\"OPENAI_API_KEY\",\"value\":\"\"}]}"),
                h.editor.calls("terminal/create").getFirst().params());
        assertEquals(List.of(new SessionUpdate.ToolCallUpdate(new ToolCallFields("call-1", null, null, null,
                List.of(new ToolCallContent.Terminal("term-1")), null, null, null))), h.updates);
        assertFalse(h.editor.hasOpenTerminals());
    }

    @Test
    void editorTerminalTimeoutKillsReadsOutputAndReleases() throws Exception {
        // 2 s, not less: on a loaded machine the shell may need a while before it prints "started".
        ToolOutcome out = new RunCommandTool().run(Json.parse("{\"command\":\"echo started; sleep 30\",\"timeout_ms\":2000}"),
                h.context(ToolHarness.EDITOR));
        assertTrue(modelText(out).startsWith("Timed out after 2 s; the command was killed.\n"), modelText(out));
        // The shell may add its own "Killed" line after what the command printed.
        assertTrue(modelText(out).contains("Output:\nstarted\n"), modelText(out));
        assertEquals(List.of("terminal/create", "terminal/wait_for_exit", "terminal/kill", "terminal/output", "terminal/release"),
                h.editor.methods());
        assertFalse(h.editor.hasOpenTerminals());
    }

    @Test
    void cancellationKillsAndReleasesTheEditorTerminal() throws Exception {
        var ctx = h.context(ToolHarness.EDITOR);
        var run = CompletableFuture.runAsync(() -> {
            try {
                new RunCommandTool().run(Json.parse("{\"command\":\"sleep 30\"}"), ctx);
            } catch (ToolError.TellModel e) {
                throw new IllegalStateException(e);
            }
        });
        Waits.eventually(Duration.ofSeconds(10), () -> !h.editor.calls("terminal/wait_for_exit").isEmpty(),
                "the tool to wait for the editor terminal");
        h.cancellation.cancel();
        var thrown = assertThrows(java.util.concurrent.ExecutionException.class, () -> run.get(10, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(thrown.getCause() instanceof CancelledException);
        assertEquals(List.of("terminal/create", "terminal/wait_for_exit", "terminal/kill", "terminal/release"), h.editor.methods());
        assertFalse(h.editor.hasOpenTerminals());
    }

    @Test
    void validatesInput() {
        ToolError.TellModel missing = assertThrows(ToolError.TellModel.class,
                () -> new RunCommandTool().run(Json.parse("{}"), h.context(ToolHarness.LOCAL)));
        assertEquals("run_command: command is required", missing.getMessage());
        ToolError.TellModel tooLong = assertThrows(ToolError.TellModel.class,
                () -> new RunCommandTool().run(Json.parse("{\"command\":\"true\",\"timeout_ms\":600001}"), h.context(ToolHarness.LOCAL)));
        assertEquals("run_command: timeout_ms must be at most 600000", tooLong.getMessage());
        assertEquals("Run `npm test`", new RunCommandTool().describe(Json.parse("{\"command\":\"npm test\"}"),
                h.context(ToolHarness.LOCAL)).title());
    }

    private static void awaitFile(Path file) {
        Waits.eventually(Duration.ofSeconds(5), () -> Files.exists(file) && !Files.readString(file).isBlank(),
                "the command to write " + file);
    }

    private static void assertProcessGone(Path pidFile) throws Exception {
        awaitFile(pidFile);
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        // A killed child is a zombie until init reaps it, which can take a second here.
        Waits.eventually(Duration.ofSeconds(10), () -> !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                "child process " + pid + " to be gone");
    }
}
