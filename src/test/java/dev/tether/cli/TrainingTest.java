package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The start-up cache's training workload ({@code tether train}, run by scripts/build) goes through
 * a whole editor session with each provider: if a change breaks any step of it, the build would
 * ship a cache that misses that path, so the training fails instead. It runs as scripts/build runs
 * it, through {@link Main}, which hands the workload the agent it drives.
 */
class TrainingTest {

    @Test
    void trainsBothProvidersWithAnMcpServerAndEndsCleanly() {
        Path node = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .map(dir -> Path.of(dir, "node")).filter(Files::isExecutable).findFirst().orElse(null);
        Path chaos = Path.of("conformance/fixtures/chaos-mcp-server.mjs").toAbsolutePath();
        String[] args = node == null ? new String[] {"train"} : new String[] {"train", node.toString(), chaos.toString()};
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = Main.run(args, InputStream.nullInputStream(), OutputStream.nullOutputStream(),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        String log = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, log);
        String suffix = node == null ? " (without MCP)" : "";
        assertTrue(log.contains("training: anthropic session done" + suffix + "\n"), log);
        assertTrue(log.contains("training: openai session done" + suffix + "\n"), log);
    }
}
