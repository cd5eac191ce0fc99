package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.cli.exec.ExecCommand;
import dev.tether.cli.exit.ExitCode;
import dev.tether.testing.acp.WiredAgent;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tether exec} in process, with the real agent ({@link AcpCommand}) and the scripted model:
 * an interrupt that comes before the turn's prompt is sent is not lost; stdin is neither waited for
 * past its silence nor read past what one prompt can carry.
 */
class ExecInterruptTest {
    @TempDir
    Path dir;

    /** The process environment of a run whose scripted model answers with {@code script}; its work directory made. */
    private Map<String, String> scripted(String script) throws Exception {
        Map<String, String> env = WiredAgent.isolatedEnvironment(dir);
        env.put("TETHER_PROVIDER", "scripted");
        env.put("TETHER_SCRIPT", Files.writeString(dir.resolve("script.jsonl"), script).toString());
        Files.createDirectories(dir.resolve("work"));
        return env;
    }

    @Test
    void anInterruptBeforeThePromptIsSentEndsTheRunWith130AndNoTurn() throws Exception {
        // The one model answer takes long: if the prompt were sent, the run would wait for it and exit 0.
        Map<String, String> env = scripted("{\"delayMs\": 60000, \"text\": \"too late\"}\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // SIGINT at the very moment exec starts listening for it: after the session is open, before its prompt is sent.
        ExecCommand.Process process = new ExecCommand.Process(new ByteArrayInputStream(new byte[0]), false, false, out,
                new PrintStream(err, true, StandardCharsets.UTF_8), env, dir.resolve("work"), Runnable::run);

        int code = ExecCommand.run(new String[] {"--json", "go on"}, process, AcpCommand::run);

        String stdout = out.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.INTERRUPTED.code(), code, err.toString(StandardCharsets.UTF_8) + stdout);
        String[] lines = stdout.strip().split("\n");
        String last = lines[lines.length - 1];
        assertTrue(last.contains("\"type\":\"result\"") && last.contains("\"stopReason\":\"cancelled\""), stdout);
        assertTrue(!stdout.contains("too late"), stdout);
    }

    @Test
    void aStdinThatNeitherGivesDataNorEndsIsNotWaitedForPastThreeSeconds() throws Exception {
        Map<String, String> env = scripted("{\"expect\": {\"lastUserTextContains\": \"Say hello.\"}, \"text\": \"Hello.\"}\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // A pipe whose writer never writes and never closes.
        java.io.PipedInputStream silent = new java.io.PipedInputStream(new java.io.PipedOutputStream());
        ExecCommand.Process process = new ExecCommand.Process(silent, false, false, out,
                new PrintStream(err, true, StandardCharsets.UTF_8), env, dir.resolve("work"), onFirst -> { });

        int code = ExecCommand.run(new String[] {"Say hello."}, process, AcpCommand::run);

        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.OK.code(), code, stderr);
        assertEquals("Hello.\n", out.toString(StandardCharsets.UTF_8));
        assertTrue(stderr.contains("< /dev/null"), stderr);
    }

    @Test
    void aStdinLargerThanAPromptCanCarryIsAUsageErrorInEitherForm() throws Exception {
        Map<String, String> env = scripted("{\"text\": \"Hello.\"}\n");
        byte[] huge = new byte[16 * 1024 * 1024 + 10];
        java.util.Arrays.fill(huge, (byte) 'x');
        for (String[] args : List.of(new String[] {"-"}, new String[] {"Review this."})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            ExecCommand.Process process = new ExecCommand.Process(new ByteArrayInputStream(huge), false, false, out,
                    new PrintStream(err, true, StandardCharsets.UTF_8), env, dir.resolve("work"), onFirst -> { });
            int code = ExecCommand.run(args, process, AcpCommand::run);
            String stderr = err.toString(StandardCharsets.UTF_8);
            assertEquals(ExitCode.USAGE.code(), code, stderr);
            assertTrue(stderr.contains("larger than 16 MiB"), stderr);
            assertEquals("", out.toString(StandardCharsets.UTF_8));
        }
    }
}
