package dev.tether.config;

import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The user's {@code config.json}. A missing file is an empty configuration; an unreadable or
 * invalid one is a warning on stderr and also empty — never a failed start.
 */
final class ConfigFile {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(ConfigFile.class);
    }

    private ConfigFile() {}

    static JsonNode load(Path file) {
        try {
            JsonNode node = Json.parse(Files.readString(file));
            if (!node.isObject()) {
                log().warn("config file {} is not a JSON object; ignoring it", file);
                return Json.object();
            }
            return node;
        } catch (NoSuchFileException e) {
            return Json.object();
        } catch (IOException e) {
            log().warn("config file {} cannot be read ({}); ignoring it", file, e.getMessage());
            return Json.object();
        } catch (JacksonException e) {
            log().warn("config file {} is not valid JSON (line {}); ignoring it", file, e.getLocation() == null ? "?" : e.getLocation().getLineNr());
            return Json.object();
        }
    }
}
