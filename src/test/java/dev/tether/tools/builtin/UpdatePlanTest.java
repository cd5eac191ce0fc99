package dev.tether.tools.builtin;

import static dev.tether.tools.builtin.FileToolsTest.modelText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.acp.schema.PlanEntry;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.json.Json;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolHarness;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** update_plan sends the whole plan as a session update and rejects unknown enum values. */
class UpdatePlanTest {
    @TempDir
    Path temp;

    @Test
    void sendsThePlan() throws Exception {
        ToolHarness h = new ToolHarness(temp);
        String out = modelText(new UpdatePlanTool().run(Json.parse("""
                {"entries":[{"content":"Read code","priority":"high","status":"completed"},
                            {"content":"Fix bug","priority":"medium","status":"in_progress"}]}"""),
                h.context(ToolHarness.LOCAL)));
        assertEquals(List.of(new SessionUpdate.Plan(List.of(new PlanEntry("Read code", "high", "completed"),
                new PlanEntry("Fix bug", "medium", "in_progress")))), h.updates);
        assertEquals("Plan updated: 2 entries {completed=1, in_progress=1}.", out);
    }

    @Test
    void rejectsUnknownValuesAndSendsNothing() {
        ToolHarness h = new ToolHarness(temp);
        ToolError.TellModel f = assertThrows(ToolError.TellModel.class, () -> new UpdatePlanTool().run(Json.parse(
                "{\"entries\":[{\"content\":\"x\",\"priority\":\"urgent\",\"status\":\"pending\"}]}"), h.context(ToolHarness.LOCAL)));
        assertEquals("update_plan: entries[0].priority must be one of [high, low, medium], not \"urgent\"", f.getMessage());
        ToolError.TellModel missing = assertThrows(ToolError.TellModel.class, () -> new UpdatePlanTool().run(Json.parse(
                "{\"entries\":[{\"priority\":\"low\",\"status\":\"pending\"}]}"), h.context(ToolHarness.LOCAL)));
        assertEquals("update_plan: entries[0].content is required", missing.getMessage());
        assertEquals(List.of(), h.updates);
    }
}
