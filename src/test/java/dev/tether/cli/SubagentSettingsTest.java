package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.agent.subagent.AgentTool;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.json.Json;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code "subagents"} in the config file sets each part of a subagent's budget; a bad value keeps that part's default and says so. */
class SubagentSettingsTest {
    private static final TetherPaths PATHS = TetherPaths.from(Map.of("HOME", "/home/u"));

    private static TetherSettings settings(String json) {
        return SettingsLoader.resolve(Json.parse(json), Map.of(), SettingsLoader.CommandLine.NONE, PATHS);
    }

    @Test
    void eachKeyReplacesItsPartOfTheBudget() {
        TetherSettings set = settings("{\"subagents\": {\"maxModelRequests\": 8, \"maxTokens\": 50000, \"timeoutSeconds\": 90,"
                + " \"maxRunning\": 1}}");
        assertEquals(new AgentTool.Budget(8, 50_000, Duration.ofSeconds(90), 1), Wiring.limits(set).subagents());
        assertEquals(AgentTool.Budget.DEFAULT, Wiring.limits(settings("{}")).subagents());
    }

    @Test
    void aBadValueKeepsItsDefaultWithAWarning() {
        TetherSettings set = settings("{\"subagents\": {\"maxModelRequests\": 0, \"maxRunning\": \"two\", \"timeoutSeconds\": 30}}");
        AgentTool.Budget budget = Wiring.limits(set).subagents();
        assertEquals(new AgentTool.Budget(AgentTool.Budget.DEFAULT.modelRequests(), AgentTool.Budget.DEFAULT.tokens(),
                Duration.ofSeconds(30), AgentTool.Budget.DEFAULT.parallel()), budget);
        String warnings = String.join("\n", set.mcp().warnings().stream().map(ConfigWarning::text).toList());
        assertTrue(warnings.contains("\"subagents.maxModelRequests\" is the number 0, expected a whole number from 1 to 1000; using the default"),
                warnings);
        assertTrue(warnings.contains("\"subagents.maxRunning\""), warnings);
    }
}
