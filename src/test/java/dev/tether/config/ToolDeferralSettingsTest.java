package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.tools.ToolDeferral;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code "tools": {"deferAbove", "deferAboveTokens", "alwaysLoad"}}: defaults, the off switch, a broken value alone. */
class ToolDeferralSettingsTest {
    @Test
    void defaultsApplyWithoutSettings() {
        assertEquals(new ToolDeferral(40, 20_000, List.of()), ToolsConfig.from(Json.object()).deferral());
    }

    @Test
    void settingsAreReadAndAlwaysLoadMatchesNamesAndServers() {
        ToolDeferral deferral = ToolsConfig.from(Json.parse("""
                {"tools": {"deferAbove": 5, "deferAboveTokens": 0, "alwaysLoad": ["mcp__gh__get_*", "server:docs"]}}""")).deferral();
        assertEquals(new ToolDeferral(5, 0, List.of("mcp__gh__get_*", "server:docs")), deferral);
        assertTrue(deferral.alwaysLoads("mcp__gh__get_issue", "gh"));
        assertTrue(deferral.alwaysLoads("mcp__docs__search", "docs"));
        assertFalse(deferral.alwaysLoads("mcp__gh__create_issue", "gh"));
        assertTrue(deferral.defers(6, 0) && !deferral.defers(5, 1_000_000), "count rule only: tokens switched off");
    }

    @Test
    void zeroTurnsDeferralOffAndABrokenValueKeepsTheDefaultsAndTheNameLists() {
        assertFalse(ToolsConfig.from(Json.parse("{\"tools\": {\"deferAbove\": 0}}")).deferral().defers(10_000, 10_000_000));
        var broken = ToolsConfig.from(Json.parse("{\"tools\": {\"deferAbove\": \"many\", \"deny\": [\"x\"]}}"));
        assertEquals(ToolDeferral.DEFAULT, broken.deferral());
        assertEquals(List.of("x"), broken.deny(), "the name lists still apply");
    }
}
