package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.model.ProviderSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key {@code tether login} stores: an owner-only file replaced atomically, never used when
 * others could read it, and below the environment and the config file in precedence.
 */
class StoredCredentialsTest {
    private static final String KEY = "sk-ant-api03-STORED-0123456789abcdefghij";

    @TempDir
    Path dir;

    private Path file() {
        return StoredCredentials.file(TetherPaths.from(Map.of("HOME", dir.toString(), "XDG_CONFIG_HOME", dir.resolve("config").toString())));
    }

    @Test
    void theFileIsTheOwnersAloneAndNoTemporaryFileStays() throws Exception {
        Path file = file();
        assertEquals(dir.resolve("config/tether/credentials.json"), file);
        StoredCredentials.save(file, "anthropic", "an-older-key-0123456789");
        StoredCredentials.save(file, "anthropic", KEY);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals(Json.parse("{\"provider\":\"anthropic\",\"anthropic\":{\"apiKey\":\"" + KEY + "\"}}"), StoredCredentials.read(file));
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList());
        }
        assertTrue(StoredCredentials.delete(file));
        assertFalse(Files.exists(file));
        assertFalse(StoredCredentials.delete(file));
    }

    @Test
    void aFileOthersCanReadIsNotUsed() throws Exception {
        Path file = file();
        StoredCredentials.save(file, "openai", KEY);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertEquals(Json.object(), StoredCredentials.read(file));
    }

    @Test
    void aSymbolicLinkIsNeitherReadNorWrittenThrough() throws Exception {
        Path file = file();
        Path elsewhere = dir.resolve("elsewhere.json");
        StoredCredentials.save(elsewhere, "anthropic", KEY);
        Files.createDirectories(file.getParent());
        Files.createSymbolicLink(file, elsewhere);
        assertEquals(Json.object(), StoredCredentials.read(file));
        assertTrue(assertThrowsIo(() -> StoredCredentials.save(file, "anthropic", "another-key-0123456789")).contains("symbolic link"));
    }

    @Test
    void theEnvironmentAndTheConfigFileWinOverTheStoredKey() throws Exception {
        Path file = file();
        StoredCredentials.save(file, "openai", KEY);
        var stored = StoredCredentials.read(file);

        ProviderSettings alone = ProviderConfig.resolve(Map.of(), Json.object(), stored);
        assertEquals(ProviderSettings.OPENAI, alone.provider());
        assertEquals(KEY, alone.openaiApiKey());

        ProviderSettings env = ProviderConfig.resolve(Map.of("ANTHROPIC_API_KEY", "env-key-0123456789"), Json.object(), stored);
        assertEquals(ProviderSettings.ANTHROPIC, env.provider());
        assertEquals("env-key-0123456789", env.anthropicApiKey());
        assertNull(env.openaiApiKey());

        ProviderSettings config = ProviderConfig.resolve(Map.of(), Json.parse("{\"openai\":{\"apiKey\":\"config-key-0123456789\"}}"), stored);
        assertEquals("config-key-0123456789", config.openaiApiKey());

        ProviderSettings model = ProviderConfig.resolve(Map.of("TETHER_MODEL", "gpt-4.1-mini"), Json.object(), stored);
        assertEquals("gpt-4.1-mini", model.model());
        assertEquals(KEY, model.openaiApiKey());
    }

    private static String assertThrowsIo(org.junit.jupiter.api.function.Executable run) {
        return org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, run).getMessage();
    }
}
