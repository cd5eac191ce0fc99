package dev.tether.cli.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExecArgsTest {
    private static final Path BASE = Path.of("/work/project");

    @org.junit.jupiter.api.io.TempDir
    Path tmp;

    private static ExecArgs parse(String... args) throws ExecArgs.Usage {
        return ExecArgs.parse(args, BASE);
    }

    /** Parsed with an existing --cwd (the base directory is not one): ExecSetup checks it. */
    private static ExecArgs parseIn(String... args) throws ExecArgs.Usage {
        String[] all = new String[args.length + 2];
        all[0] = "--cwd";
        all[1] = "/";
        System.arraycopy(args, 0, all, 2, args.length);
        return parse(all);
    }

    private static String usage(String... args) {
        return assertThrows(ExecArgs.Usage.class, () -> parse(args)).getMessage();
    }

    @Test
    void aPromptAndTheFlagsAroundIt() throws Exception {
        ExecArgs a = parse("--json", "--mode", "acceptEdits", "--allow", "Write", "--allow=Read", "--deny", "Bash(rm:*)",
                "--max-turns", "3", "--timeout=60", "fix the tests", "--image", "shot.png", "-o", "out.txt", "--cwd", "sub/../lib");
        assertEquals("fix the tests", a.prompt());
        assertTrue(a.json());
        assertEquals("acceptEdits", a.mode());
        assertEquals(List.of("Write", "Read"), a.allow());
        assertEquals(List.of("Bash(rm:*)"), a.deny());
        assertEquals(3, a.maxTurns());
        assertEquals(60, a.timeout());
        assertEquals(List.of(BASE.resolve("shot.png")), a.images());
        assertEquals(BASE.resolve("out.txt"), a.outputFile());
        assertEquals(BASE.resolve("lib"), a.cwd());
    }

    @Test
    void noPromptOrADashMeansStdin() throws Exception {
        assertNull(parse("--json").prompt());
        assertNull(parse("-").prompt());
        assertEquals(BASE, parse().cwd());
        assertEquals("-", parse("--", "-").prompt(), "after -- a dash is the prompt itself");
        assertEquals("--json", parse("--", "--json").prompt());
        assertFalse(parse("--", "--json").json());
    }

    @Test
    void theAgentsOwnOptionsArePassedOn() throws Exception {
        assertEquals(List.of("--mcp-config", "{}", "--strict-mcp-config"), parse("--mcp-config", "{}", "--strict-mcp-config", "x").passOn());
        assertEquals(List.of("--mcp-config", "/work/project/servers.json"), parse("--cwd", "/elsewhere", "--mcp-config", "servers.json", "x").passOn(),
                "a file is read from where exec runs, not from --cwd");
    }

    @Test
    void theSandboxModeOfOneRun() throws Exception {
        assertEquals(dev.tether.tools.sandbox.SandboxMode.READ_ONLY, parse("--sandbox", "read-only", "x").sandbox());
        assertEquals(dev.tether.tools.sandbox.SandboxMode.OFF, parse("--sandbox=off", "x").sandbox());
        assertNull(parse("x").sandbox());
        assertEquals("--sandbox must be one of off, read-only, workspace-write, not \"on\"", usage("--sandbox", "on", "x"));
    }

    @Test
    void badCommandLinesSayWhatIsWrong() {
        assertEquals("unknown option --bogus (tether --help lists exec's options)", usage("--bogus", "hi"));
        assertEquals("--mode needs a value", usage("hi", "--mode"));
        assertTrue(usage("--mode", "yolo", "hi").contains("readOnly, ask, acceptEdits, auto"));
        assertTrue(usage("--max-turns", "zero", "hi").contains("whole number"));
        assertTrue(usage("--max-turns", "0", "hi").contains("at least 1"));
        assertTrue(usage("--timeout", "-5", "hi").contains("at least 1"));
        assertTrue(usage("one", "two").startsWith("only one PROMPT"));
        assertEquals("--json takes no value", usage("--json=yes", "hi"));
        assertTrue(usage("--continue", "--resume", "abc", "hi").contains("cannot be used together"));
        assertTrue(usage("--ephemeral", "--continue", "hi").contains("--ephemeral"));
        assertTrue(usage("--provider", "bogus", "hi").contains("anthropic, openai, scripted"));
    }

    @Test
    void rulesImagesAndSchemasAreCheckedBeforeTheAgentStarts() throws Exception {
        ExecArgs.Usage badRule = assertThrows(ExecArgs.Usage.class, () -> ExecSetup.of(parseIn("--allow", "Bash(", "hi"), "hi"));
        assertTrue(badRule.getMessage().startsWith("--allow Bash(: "), badRule.getMessage());
        // Known by its contents, never its name: text named .png is not an image, and an image is bounded.
        Path named = java.nio.file.Files.writeString(tmp.resolve("shot.png"), "not an image at all");
        ExecArgs.Usage notImage = assertThrows(ExecArgs.Usage.class, () -> ExecSetup.of(parseIn("--image", named.toString(), "hi"), "hi"));
        assertTrue(notImage.getMessage().contains("not a PNG, JPEG, GIF or WebP image (by its contents)"), notImage.getMessage());
        byte[] huge = new byte[4_000_000];
        System.arraycopy(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}, 0, huge, 0, 8);
        Path big = java.nio.file.Files.write(tmp.resolve("big.png"), huge);
        ExecArgs.Usage tooBig = assertThrows(ExecArgs.Usage.class, () -> ExecSetup.of(parseIn("--image", big.toString(), "hi"), "hi"));
        assertTrue(tooBig.getMessage().contains("the most one image may be"), tooBig.getMessage());
        ExecArgs.Usage missing = assertThrows(ExecArgs.Usage.class, () -> ExecSetup.of(parseIn("--image", "gone.png", "hi"), "hi"));
        assertTrue(missing.getMessage().startsWith("--image: no such file: \"/work/project/gone.png\""), missing.getMessage());
        ExecArgs.Usage schema = assertThrows(ExecArgs.Usage.class,
                () -> ExecSetup.of(parseIn("--output-schema", "missing.json", "hi"), "hi"));
        assertTrue(schema.getMessage().startsWith("--output-schema: no such file: \"/work/project/missing.json\""), schema.getMessage());
        ExecArgs.Usage noConfig = assertThrows(ExecArgs.Usage.class, () -> ExecSetup.of(parseIn("--mcp-config", "none.json", "hi"), "hi"));
        assertTrue(noConfig.getMessage().startsWith("--mcp-config: no such file: \"/work/project/none.json\""), noConfig.getMessage());
        assertEquals("hi", ExecSetup.of(parseIn("--allow", "Write", "--deny", "Bash(rm:*)", "hi"), "hi").prompt().get(0).path("text").asString());
    }
}
