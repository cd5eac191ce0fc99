package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code tether} process (this build's classes in a new JVM): a command's output holds no
 * log line and each warning once, while the log file under {@code $XDG_STATE_HOME/tether/logs/}
 * gets the log; the agent keeps writing its log to stderr (an editor shows it) as well.
 */
class CleanOutputAndLogFileTest {
    private static final Pattern LOG_LINE = Pattern.compile("(?m)^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} (INFO|WARN|DEBUG|ERROR) ");

    @TempDir
    Path dir;

    record Ran(int exit, String out, String err) {}

    private Ran tether(String stdin, Map<String, String> extraEnv, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.tether.cli.Main"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().clear();
        builder.environment().putAll(Map.of("PATH", System.getenv("PATH"), "HOME", dir.toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString(), "XDG_STATE_HOME", dir.resolve("state").toString(),
                "TETHER_MANAGED_SETTINGS", dir.resolve("managed.json").toString()));
        builder.environment().putAll(extraEnv);
        Process process = builder.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        return new Ran(process.waitFor(), out.get(), err.get());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void config(String json) throws IOException {
        Files.createDirectories(dir.resolve("config/tether"));
        Files.writeString(dir.resolve("config/tether/config.json"), json);
    }

    @Test
    void mcpListCheckPrintsNoLogLineAndEachWarningOnce() throws Exception {
        config("{\"provder\": \"x\", \"mcpServers\": {\"a\": {\"command\": \"no-such-tool-q\"}}}");
        Ran list = tether("", Map.of(), "mcp", "list", "--check");
        String shown = list.out() + list.err();
        assertFalse(LOG_LINE.matcher(shown).find(), "no log line: " + shown);
        assertEquals(1, shown.split("unknown key \"provder\"", -1).length - 1, "the warning once: " + shown);
        assertTrue(shown.contains("\"no-such-tool-q\" was not found on PATH"), shown);
        String log = Files.readString(dir.resolve("state/tether/logs/tether.log"));
        assertTrue(LOG_LINE.matcher(log).find() && log.contains("unknown key \"provder\""), "the log file has the log: " + log);

        Ran verbose = tether("", Map.of(), "mcp", "list", "--verbose");
        assertTrue(LOG_LINE.matcher(verbose.err()).find(), "--verbose shows the log: " + verbose.err());
        assertEquals(0, verbose.exit(), verbose.err());
    }

    @Test
    void theAgentLogsToStderrAndTheFile() throws Exception {
        config("{\"provder\": \"x\"}");
        Ran agent = tether("", Map.of(), "acp");
        assertEquals(0, agent.exit(), agent.err());
        assertEquals("", agent.out(), "stdout is for frames only");
        assertTrue(agent.err().contains("unknown key \"provder\""), agent.err());
        assertTrue(Files.readString(dir.resolve("state/tether/logs/tether.log")).contains("unknown key \"provder\""));
    }

    /** A wrong type under a key with its own reader (context, mcp, tools, secrets): one warning, not the schema's and the reader's. */
    @Test
    void aWrongTypedKeyIsWarnedOnceOnStderr() throws Exception {
        config("{\"context\": {\"compactAt\": \"high\"}, \"mcp\": {\"readTimeoutSeconds\": \"30\"}, \"tools\": {\"deny\": \"x\"},"
                + " \"secrets\": {\"env\": \"MY_TOKEN\"}}");
        Ran agent = tether("", Map.of(), "acp");
        assertEquals(0, agent.exit(), agent.err());
        for (String key : List.of("context.compactAt", "mcp.readTimeoutSeconds", "tools.deny", "secrets.env")) {
            assertEquals(1, agent.err().split(Pattern.quote(key), -1).length - 1, key + " once on stderr: " + agent.err());
        }
        assertTrue(agent.err().contains(dir.resolve("config/tether/config.json") + ": \"context.compactAt\" is the text \"high\","
                + " expected a number above 0.1 and at most 1; using the default 0.85"), agent.err());

        Ran list = tether("", Map.of(), "mcp", "list");
        String shown = list.out() + list.err();
        assertEquals(1, shown.split("context\\.compactAt", -1).length - 1, "tether mcp list names it once: " + shown);
    }
}
