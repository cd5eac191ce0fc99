package dev.tether.config;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.schema.ConfigSchema;
import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The user's {@code config.json}. A missing file is an empty configuration; an unreadable or
 * invalid one is a warning and also empty — never a failed start. A readable file is checked
 * against Tether's schema ({@link ConfigSchema}): unknown keys and values of the wrong type are
 * warnings too, and the rest of the file applies.
 */
final class ConfigFile {
    private ConfigFile() {}

    /** The file's settings (an object, perhaps empty) and what is wrong with it. */
    record Read(JsonNode node, List<ConfigWarning> warnings) {
        Read {
            warnings = List.copyOf(warnings);
        }
    }

    /** The settings alone, for a re-read whose warnings were told at start. */
    static JsonNode load(Path file) {
        return parse(file, new ArrayList<>());
    }

    /** The settings, with the file's problems and its schema check. */
    static Read read(Path file) {
        List<ConfigWarning> warnings = new ArrayList<>();
        JsonNode node = parse(file, warnings);
        if (warnings.isEmpty() && !node.isEmpty()) {
            for (ConfigSchema.Problem problem : ConfigSchema.check(node, file.toString())) {
                warnings.add(ConfigWarning.of(file.toString(), "key:" + problem.key(), problem.text()));
            }
        }
        return new Read(node, warnings);
    }

    private static JsonNode parse(Path file, List<ConfigWarning> warnings) {
        try {
            JsonNode node = Json.parse(Files.readString(file));
            if (!node.isObject()) {
                warnings.add(ConfigWarning.of(file.toString(), null, file + " is not a JSON object; ignoring the whole file"));
                return Json.object();
            }
            return node;
        } catch (NoSuchFileException e) {
            return Json.object();
        } catch (IOException e) {
            warnings.add(ConfigWarning.of(file.toString(), null, file + " cannot be read (" + e.getMessage() + "); ignoring the whole file"));
            return Json.object();
        } catch (JacksonException e) {
            warnings.add(ConfigWarning.of(file.toString(), null, file + " is not valid JSON"
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")")
                    + "; ignoring the whole file until it is fixed"));
            return Json.object();
        }
    }
}
