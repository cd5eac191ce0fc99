package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.files.TetherPaths;
import dev.tether.config.permissions.LocalRules;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleScope;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tether permissions list | remove | approve | reject} on the project of the working directory. */
class PermissionsCommandTest {
    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("HOME", dir.toString(), "XDG_CONFIG_HOME", dir.resolve("config").toString(),
                "XDG_STATE_HOME", dir.resolve("state").toString(), "TETHER_MANAGED_SETTINGS", dir.resolve("managed.json").toString());
    }

    private record Run(int code, String out, String err) {}

    private Run run(Path cwd, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = PermissionsCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env(), cwd);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void listShowsEveryScopeAndRemoveTakesBackAnAlwaysAllow() throws Exception {
        Path project = Files.createDirectories(dir.resolve("app"));
        Files.createDirectories(project.resolve(".git"));
        Files.createDirectories(dir.resolve("config/tether"));
        Files.writeString(dir.resolve("config/tether/config.json"), "{\"permissions\": {\"deny\": [\"Bash(rm -rf:*)\"]}}");
        LocalRules local = LocalRules.in(TetherPaths.from(env()));
        local.add(project, PermissionRule.parse(Effect.ALLOW, RuleScope.LOCAL, "run_command(npm test)", "Always allow"));
        Path sub = Files.createDirectories(project.resolve("src"));

        Run list = run(sub, "list");
        assertEquals(0, list.code(), list.err());
        assertTrue(list.out().contains("deny  Bash(rm -rf:*)"), list.out());
        assertTrue(list.out().contains("allow  run_command(npm test)"), "a session anywhere in the project has it: " + list.out());

        Run missing = run(sub, "remove", "Bash(rm -rf:*)");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("config.json: edit that file"), missing.err());

        Run removed = run(sub, "remove", "run_command(npm test)");
        assertEquals(0, removed.code(), removed.err());
        assertFalse(run(sub, "list").out().contains("npm test"));
        assertEquals(2, run(sub, "frobnicate").code());
    }

    @Test
    void listAsJsonParsesWithEveryScopeInOrder() throws Exception {
        Path project = Files.createDirectories(dir.resolve("app"));
        Files.createDirectories(project.resolve(".git"));
        Files.createDirectories(project.resolve(".tether"));
        Files.writeString(project.resolve(".tether/settings.json"), "{\"permissions\": {\"allow\": [\"run_command(make:*)\"]}}");
        Files.createDirectories(dir.resolve("config/tether"));
        Files.writeString(dir.resolve("config/tether/config.json"), "{\"permissions\": {\"deny\": [\"Bash(rm -rf:*)\"]}}");
        LocalRules.in(TetherPaths.from(env())).add(project,
                PermissionRule.parse(Effect.ALLOW, RuleScope.LOCAL, "run_command(npm test)", "Always allow"));

        Run list = run(project.resolve(".tether"), "list", "--json");
        assertEquals(0, list.code(), list.err());
        var root = dev.tether.json.Json.parse(list.out());
        assertEquals(project.toString(), root.path("project").asString(), "the project root, not the directory: " + list.out());
        var scopes = root.path("scopes");
        assertEquals(java.util.List.of("managed", "user", "local", "project"),
                scopes.valueStream().map(n -> n.path("scope").asString()).toList());
        var deny = scopes.get(1).path("rules").get(0);
        assertEquals("deny", deny.path("effect").asString());
        assertEquals("Bash(rm -rf:*)", deny.path("rule").asString());
        assertEquals("run_command(npm test)", scopes.get(2).path("rules").get(0).path("rule").asString());
        var pending = scopes.get(3).path("rules").get(0);
        assertEquals("run_command(make:*)", pending.path("rule").asString());
        assertFalse(pending.path("applies").asBoolean(), "not approved yet: " + list.out());
        assertTrue(scopes.get(3).path("allowState").asString().startsWith("waiting for your approval"), list.out());

        assertEquals(0, run(project, "approve").code());
        var approved = dev.tether.json.Json.parse(run(project, "list", "--json").out()).path("scopes").get(3);
        assertTrue(approved.path("rules").get(0).path("applies").asBoolean(), approved.toString());
        assertEquals(2, run(project, "list", "--jsn").code(), "a misspelled flag is a usage error");
    }

    @Test
    void approveAppliesTheProjectsAllowRulesAsTheyAreNow() throws Exception {
        Path project = Files.createDirectories(dir.resolve("app"));
        Files.createDirectories(project.resolve(".tether"));
        Files.writeString(project.resolve(".tether/settings.json"), "{\"permissions\": {\"allow\": [\"run_command(make:*)\"]}}");
        assertTrue(run(project, "list").out().contains("run_command(make:*)  [waiting for your approval"));
        assertNotNull(Wiring.rules(dev.tether.config.SettingsLoader.load(dev.tether.config.SettingsLoader.CommandLine.NONE, env()))
                .open(project).pending());

        Run approve = run(project, "approve");
        assertEquals(0, approve.code(), approve.err());
        assertTrue(run(project, "list").out().contains("run_command(make:*)  [approved]"));
        assertNull(Wiring.rules(dev.tether.config.SettingsLoader.load(dev.tether.config.SettingsLoader.CommandLine.NONE, env()))
                .open(project).pending());

        assertEquals(0, run(project, "reject").code());
        assertTrue(run(project, "list").out().contains("[rejected by you"));
    }
}
