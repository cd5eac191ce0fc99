package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code "context": {"windowTokens", "compactAt"}} reach the settings; a bad value keeps its default. */
class ContextConfigTest {
    private static final TetherPaths PATHS = TetherPaths.from(Map.of("HOME", "/home/u"));

    @Test
    void valuesFromTheConfigFileReachTheSettings() {
        TetherSettings settings = SettingsLoader.resolve(Json.parse("{\"context\": {\"windowTokens\": 32000, \"compactAt\": 0.7}}"),
                Map.of(), SettingsLoader.CommandLine.NONE, PATHS);
        assertEquals(new ContextConfig(32_000, 0.7), settings.context());
    }

    @Test
    void absentOrBadValuesKeepTheDefaults() {
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.object()));
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.parse("{\"context\": {\"windowTokens\": \"big\", \"compactAt\": 2}}")));
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.parse("{\"context\": {\"windowTokens\": 10, \"compactAt\": 0}}")));
        assertEquals(new ContextConfig(0, 0.9), ContextConfig.from(Json.parse("{\"context\": {\"compactAt\": 0.9}}")));
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.parse("{\"context\": {\"instructionFiles\": [\"../x.md\"]}}")));
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.parse("{\"context\": {\"instructionFiles\": \"AGENTS.md\"}}")));
    }

    @Test
    void instructionFileNamesAreConfigurable() {
        assertEquals(List.of("GEMINI.md", "AGENTS.md"),
                ContextConfig.from(Json.parse("{\"context\": {\"instructionFiles\": [\"GEMINI.md\", \"AGENTS.md\"]}}")).instructionFiles());
        assertEquals(List.of("AGENTS.md", "CLAUDE.md"), ContextConfig.DEFAULT.instructionFiles());
    }

    @Test
    void theInstructionBudgetIsConfigurableWithinBounds() {
        assertEquals(8192, ContextConfig.from(Json.parse("{\"context\": {\"instructionBytes\": 8192}}")).instructionBytes());
        assertEquals(0, ContextConfig.from(Json.parse("{\"context\": {\"instructionBytes\": 0}}")).instructionBytes());
        assertEquals(32 * 1024, ContextConfig.DEFAULT.instructionBytes());
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.parse("{\"context\": {\"instructionBytes\": -1}}")));
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.parse("{\"context\": {\"instructionBytes\": \"32k\"}}")));
        assertEquals(ContextConfig.DEFAULT, ContextConfig.from(Json.parse("{\"context\": {\"instructionBytes\": 2000000}}")));
    }
}
