package dev.tether.config;

import dev.tether.config.files.JsonFiles;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Set;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The provider key {@code tether login} stores: {@code credentials.json} next to the config
 * file, {@code {"provider": "anthropic", "anthropic": {"apiKey": "..."}}} (or {@code openai}).
 * The file is the user's alone (0600 in a 0700 directory) and is replaced atomically: a
 * temporary file, made owner-only before the key is written to it, is moved over the old one.
 * A file that others can read, or a symbolic link, is not used: the key may have been seen.
 * The key is only ever read into Tether's memory, never into an environment, so no child
 * process inherits it. The environment and {@code config.json} win over it ({@link ProviderConfig}).
 */
public final class StoredCredentials {
    public static final String FILE_NAME = "credentials.json";

    private StoredCredentials() {}

    /** Where {@code tether login} keeps the key for these paths. */
    public static Path file(TetherPaths paths) {
        return paths.configDir().resolve(FILE_NAME);
    }

    /** The stored provider and key as a config-shaped object; empty when there is none or it is unsafe to use. */
    static JsonNode read(Path file) {
        try {
            if (Files.isSymbolicLink(file)) {
                warn(file, "is a symbolic link");
                return Json.object();
            }
            if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
                if (mode.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
                    warn(file, "can be read by other users (mode " + PosixFilePermissions.toString(mode)
                            + "); run tether login again");
                    return Json.object();
                }
            }
            JsonNode node = Json.parse(Files.readString(file));
            return node.isObject() ? node : Json.object();
        } catch (NoSuchFileException e) {
            return Json.object();
        } catch (IOException | JacksonException e) {
            // Never the parser's message: it may quote the file's text, the key.
            warn(file, "cannot be read (" + e.getClass().getSimpleName() + ")");
            return Json.object();
        }
    }

    /**
     * Stores {@code apiKey} for {@code provider} ({@code anthropic} or {@code openai}), replacing
     * whatever was stored.
     *
     * @throws IOException the directory or file cannot be written; nothing half-written is left
     */
    public static void save(Path file, String provider, String apiKey) throws IOException {
        String name = provider.toLowerCase(Locale.ROOT);
        if (!name.equals("anthropic") && !name.equals("openai")) {
            throw new IllegalArgumentException("provider must be anthropic or openai, not " + provider);
        }
        ObjectNode root = Json.object();
        root.put("provider", name);
        root.putObject(name).put("apiKey", apiKey);
        try {
            JsonFiles.write(file, root, JsonFiles.Mode.PRIVATE);
        } catch (JsonFiles.EditException e) {
            throw new IOException(e.getMessage());
        }
    }

    /** Removes the stored key; false when there was none. */
    public static boolean delete(Path file) throws IOException {
        return Files.deleteIfExists(file);
    }

    private static void warn(Path file, String problem) {
        LoggerFactory.getLogger(StoredCredentials.class).warn("stored credentials {} {}; ignoring them", file, problem);
    }
}
