package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.tools.ProtectedPaths;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The config file's {@code "tools"} object: name lists and protected paths, each failing alone. */
class ToolSettingsTest {
    @Test
    void protectedPathsAddToTheDefaults() {
        var filter = ToolsConfig.from(Json.parse("{\"tools\":{\"deny\":[\"run_command\"],\"protectedPaths\":[\"deploy/**\"]}}"));
        assertEquals(List.of("run_command"), filter.deny());
        assertEquals(ProtectedPaths.DEFAULT_GLOBS.size() + 1, filter.protectedPaths().globs().size());
        assertEquals("deploy/**", filter.protectedPaths().globs().getLast());
    }

    @Test
    void aBrokenProtectedPathListKeepsTheDefaultsAndTheNameLists() {
        var filter = ToolsConfig.from(Json.parse("{\"tools\":{\"deny\":[\"x\"],\"protectedPaths\":[\"\"]}}"));
        assertEquals(ProtectedPaths.DEFAULT_GLOBS, filter.protectedPaths().globs());
        assertEquals(List.of("x"), filter.deny());
        var broken = ToolsConfig.from(Json.parse("{\"tools\":{\"deny\":\"x\",\"protectedPaths\":[\"ops/*\"]}}"));
        assertEquals(List.of(), broken.deny(), "a malformed name list allows everything, as before");
        assertEquals("ops/*", broken.protectedPaths().globs().getLast(), "the protected paths still apply");
    }
}
