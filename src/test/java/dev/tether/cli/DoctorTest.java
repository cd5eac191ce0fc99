package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code tether doctor}: passes on a good set-up, and names the fault on broken ones (exit 1). */
class DoctorTest {
    @TempDir
    Path dir;

    private FirstContactAgent scripted() throws Exception {
        FirstContactAgent user = new FirstContactAgent(dir);
        return user.env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", FirstContactTest.script(user, "Hello."));
    }

    @Test
    void aGoodSetUpPasses() throws Exception {
        FirstContactAgent user = scripted();
        FirstContactAgent.Ran ran = user.run("doctor");
        assertEquals(0, ran.exit(), ran.toString());
        assertTrue(ran.out().contains("ok    model: scripted, model scripted, script "), ran.out());
        assertTrue(ran.out().contains("ok    log file: " + dir.resolve("home/state/tether/logs/tether.log")), ran.out());
        assertTrue(ran.out().contains("ok    java: Java "), ran.out());
        assertTrue(ran.out().endsWith("Nothing is wrong.\n"), ran.out());
    }

    @Test
    void theKeysOriginIsNamed() throws Exception {
        FirstContactAgent user = new FirstContactAgent(dir).env("ANTHROPIC_API_KEY", "sk-ant-doctor-0123456789abcdef");
        FirstContactAgent.Ran ran = user.run("doctor");
        assertEquals(0, ran.exit(), ran.toString());
        assertTrue(ran.out().contains("ok    model: anthropic, model claude-sonnet-4-5, key from ANTHROPIC_API_KEY (environment)"), ran.out());
        assertTrue(!ran.out().contains("sk-ant-doctor"), "never the key itself");
    }

    @Test
    void aMissingKeyIsNamed() throws Exception {
        FirstContactAgent.Ran ran = new FirstContactAgent(dir).run("doctor");
        assertEquals(1, ran.exit(), ran.toString());
        assertTrue(ran.out().contains("FAIL  model: No model provider is configured: run `tether login`"), ran.out());
    }

    @Test
    void theSandboxIsReportedAndAConfiguredOneThatCannotRunIsAFault() throws Exception {
        // The default needs no bwrap (auto mode asks instead); a mode the user set does.
        FirstContactAgent.Ran byDefault = scripted().env("PATH", "/nonexistent").run("doctor");
        assertTrue(byDefault.out().contains("ok    sandbox: workspace-write in auto mode, off otherwise (the default); not available: "
                + "bwrap was not found on PATH"), byDefault.out());
        FirstContactAgent.Ran configured = scripted().config("{\"sandbox\": {\"mode\": \"read-only\"}}").env("PATH", "/nonexistent")
                .run("doctor");
        assertEquals(1, configured.exit(), configured.toString());
        assertTrue(configured.out().contains("FAIL  sandbox: read-only (your settings); not available: bwrap was not found on PATH;"
                + " install the bubblewrap package"), configured.out());
        FirstContactAgent.Ran off = scripted().config("{\"sandbox\": {\"mode\": \"off\"}}").run("doctor");
        assertTrue(off.out().contains("ok    sandbox: off (your settings): commands run with your full access"), off.out());
    }

    @Test
    void aMissingScriptIsNamed() throws Exception {
        FirstContactAgent user = new FirstContactAgent(dir).env("TETHER_PROVIDER", "scripted").env("TETHER_SCRIPT", "/x/nope.jsonl");
        FirstContactAgent.Ran ran = user.run("doctor");
        assertEquals(1, ran.exit(), ran.toString());
        assertTrue(ran.out().contains("FAIL  model: scripted model: the script (TETHER_SCRIPT) cannot be read: no such file: \"/x/nope.jsonl\""),
                ran.out());
    }

    @Test
    void aConfigWarningIsNamed() throws Exception {
        FirstContactAgent user = scripted().config("{\"provder\": \"x\"}");
        FirstContactAgent.Ran ran = user.run("doctor", "--json");
        assertEquals(1, ran.exit(), ran.toString());
        JsonNode report = Json.parse(ran.out());
        assertEquals(false, report.path("ok").asBoolean());
        assertTrue(report.path("findings").toString().contains("unknown key \\\"provder\\\"; did you mean \\\"provider\\\"?"), ran.out());
    }

    @Test
    void aPermissionRuleThatCannotBeReadIsAFault() throws Exception {
        FirstContactAgent user = scripted().config("{\"permissions\": {\"deny\": [\"run_command(rm -rf\"]}}");
        FirstContactAgent.Ran ran = user.run("doctor");
        assertEquals(1, ran.exit(), ran.toString());
        assertTrue(ran.out().contains("FAIL  permission rules: ") && ran.out().contains("run_command(rm -rf"), ran.out());
    }

    @Test
    void aSandboxSettingThatCannotBeUsedIsAFaultNotALogLine() throws Exception {
        // A misspelt mode leaves commands less confined than the user meant: it must be seen, not only logged.
        FirstContactAgent.Ran ran = scripted().config("{\"sandbox\": {\"mode\": \"workspace_write\", \"denyRead\": [\"secrets\"]}}")
                .run("doctor");
        assertEquals(1, ran.exit(), ran.toString());
        assertTrue(ran.out().contains("FAIL  configuration: ") && ran.out().contains("\"sandbox.mode\" is the text \"workspace_write\""),
                ran.out());
        assertTrue(ran.out().contains("\"sandbox.denyRead\" is the text \"secrets\", expected a path that is absolute or starts with ~/"),
                ran.out());
    }

    @Test
    void aBrokenOrMisspeltProjectMcpJsonIsAFault() throws Exception {
        FirstContactAgent user = scripted();
        java.nio.file.Files.writeString(user.workspace().resolve(".mcp.json"), "{\"mcpServers\": {\"a\": {\"comand\": \"x\"}}}");
        FirstContactAgent.Ran misspelt = user.doctorIn(user.workspace());
        assertEquals(1, misspelt.exit(), misspelt.toString());
        assertTrue(misspelt.out().contains("FAIL  mcp configuration: ") && misspelt.out().contains("did you mean \"command\"?"),
                misspelt.out());
        java.nio.file.Files.writeString(user.workspace().resolve(".mcp.json"), "{\"mcpServers\": {\"a\": {\"command\": \"x\",}}}");
        FirstContactAgent.Ran broken = user.doctorIn(user.workspace());
        assertEquals(1, broken.exit(), broken.toString());
        assertTrue(broken.out().contains("FAIL  mcp configuration: ") && broken.out().contains("is not valid JSON"), broken.out());
    }

    @Test
    void aServerThatDoesNotStartIsNamedWithCheck() throws Exception {
        FirstContactAgent user = scripted().config("{\"mcpServers\": {\"srv\": {\"command\": \"no-such-tool-xyz\"}}}");
        assertEquals(0, user.run("doctor").exit(), "without --check nothing is connected to");
        FirstContactAgent.Ran ran = user.run("doctor", "--check");
        assertEquals(1, ran.exit(), ran.toString());
        assertTrue(ran.out().contains("FAIL  mcp server srv: start") && ran.out().contains("\"no-such-tool-xyz\" was not found on PATH"),
                ran.out());
    }
}
