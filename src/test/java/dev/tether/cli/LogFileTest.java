package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.security.SecretRegistry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log file: everything stderr gets, secrets masked, owner-only, bounded by rotation. */
class LogFileTest {
    private static final String KEY = "sk-ant-api03-LOGFILE-canary-0123456789";

    @TempDir
    Path dir;

    @Test
    void linesReachTheFileMaskedAndTheTerminalUnchanged() throws Exception {
        SecretRegistry secrets = SecretRegistry.of(Map.of("ANTHROPIC_API_KEY", KEY), List.of());
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        Path logs = dir.resolve("state/tether/logs");
        try (PrintStream err = new PrintStream(new LogFile(logs, terminal, secrets::redact), true, StandardCharsets.UTF_8)) {
            err.println("12:00:00.000 WARN X - the key " + KEY + " was rejected");
            err.print("half a line");
        }
        String file = Files.readString(logs.resolve("tether.log"));
        assertEquals("12:00:00.000 WARN X - the key [REDACTED] was rejected\n", file, "an unfinished line waits for its end");
        assertTrue(terminal.toString(StandardCharsets.UTF_8).contains("half a line"));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(logs.resolve("tether.log"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(logs)));
    }

    @Test
    void theFileRotatesAtItsBoundAndKeepsThree() throws Exception {
        Path logs = dir.resolve("logs");
        try (PrintStream err = new PrintStream(new LogFile(logs, null, s -> s, 100), true, StandardCharsets.UTF_8)) {
            for (int i = 0; i < 40; i++) {
                err.println("line %02d of the log, about forty bytes".formatted(i));
            }
        }
        for (String name : List.of("tether.log", "tether.log.1", "tether.log.2", "tether.log.3")) {
            assertTrue(Files.size(logs.resolve(name)) <= 100, name);
        }
        assertFalse(Files.exists(logs.resolve("tether.log.4")), "three old files are kept");
        assertTrue(Files.readString(logs.resolve("tether.log")).contains("line 39"), "the newest lines are in tether.log");
    }
}
