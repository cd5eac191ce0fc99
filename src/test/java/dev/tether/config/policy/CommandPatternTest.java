package dev.tether.config.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.mcp.api.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command resolver's edge cases, without starting anything: programs are files on a PATH of
 * the test's own, so what resolves where is fixed. {@code tool} is a program on Tether's PATH;
 * {@code /srv/app.py} a file; the session runs in {@code project}.
 */
class CommandPatternTest {
    @TempDir
    Path dir;
    LaunchContext context;

    @BeforeEach
    void machine() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path other = Files.createDirectories(dir.resolve("other-bin"));
        for (Path program : List.of(bin.resolve("tool"), bin.resolve("env"), bin.resolve("sh"), other.resolve("tool"))) {
            Files.writeString(program, "#!/bin/sh\n");
            Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.createSymbolicLink(bin.resolve("tool-link"), bin.resolve("tool"));
        Files.createDirectories(dir.resolve("srv"));
        Files.writeString(dir.resolve("srv/app.py"), "");
        Files.createSymbolicLink(dir.resolve("srv/link.py"), dir.resolve("srv/app.py"));
        Files.createDirectories(dir.resolve("project"));
        context = new LaunchContext(dir.resolve("project"), Map.of("PATH", bin.toString(), "HOME", dir.toString()));
    }

    private String fill(String text) {
        return text.replace("$D", dir.toString());
    }

    private ServerCommand server(List<String> line, Map<String, String> env, String cwd) {
        List<String> words = line.stream().map(this::fill).toList();
        Map<String, String> vars = new java.util.LinkedHashMap<>();
        env.forEach((k, v) -> vars.put(k, fill(v)));
        return ServerCommand.of(new McpServerSpec.Stdio("s", words.getFirst(), words.subList(1, words.size()), vars,
                cwd == null ? null : Path.of(fill(cwd))), context);
    }

    private CommandPattern rule(List<String> words, Map<String, String> env, String cwd) {
        return new CommandPattern(words.stream().map(this::fill).toList(), env, cwd == null ? null : Path.of(fill(cwd)));
    }

    static Stream<Arguments> allow() {
        return Stream.of(
                Arguments.of("as listed", List.of("tool", "$D/srv/app.py"), List.of("tool", "$D/srv/app.py"), null, true),
                Arguments.of("the program by path", List.of("tool", "$D/srv/app.py"), List.of("$D/bin/tool", "$D/srv/app.py"), null, true),
                Arguments.of("a link to the program", List.of("tool", "$D/srv/app.py"), List.of("$D/bin/tool-link", "$D/srv/app.py"), null, true),
                Arguments.of("a link to the file", List.of("tool", "$D/srv/app.py"), List.of("tool", "$D/srv/link.py"), null, true),
                Arguments.of("/x/../ in the file", List.of("tool", "$D/srv/app.py"), List.of("tool", "$D/bin/../srv/app.py"), null, true),
                Arguments.of("a relative file under its cwd", List.of("tool", "$D/srv/app.py"), List.of("tool", "app.py"), "$D/srv", true),
                Arguments.of("the same file name under another cwd", List.of("tool", "$D/srv/app.py"), List.of("tool", "app.py"), null, false),
                Arguments.of("nested env wrappers", List.of("tool", "$D/srv/app.py"), List.of("env", "--", "env", "tool", "$D/srv/app.py"), null, true),
                Arguments.of("an env with options stays whole", List.of("tool", "$D/srv/app.py"), List.of("env", "-S", "tool $D/srv/app.py"), null, false),
                Arguments.of("an extra argument", List.of("tool", "$D/srv/app.py"), List.of("tool", "$D/srv/app.py", "--debug"), null, false),
                Arguments.of("a relative word in the session's directory", List.of("tool", "-m", "server"), List.of("tool", "-m", "server"), null, true),
                Arguments.of("a relative word under its own cwd", List.of("tool", "-m", "server"), List.of("tool", "-m", "server"), "$D/srv", false),
                Arguments.of("a program that is not on the PATH", List.of("missing"), List.of("missing"), null, false),
                Arguments.of("a shell script is not looked into", List.of("tool", "$D/srv/app.py"), List.of("sh", "-c", "tool $D/srv/app.py"), null, false),
                Arguments.of("a rule that lists the shell", List.of("sh", "-c", "tool $D/srv/app.py"), List.of("sh", "-c", "tool $D/srv/app.py"), null, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allow")
    void anAllowRuleCoversTheCommandAsListed(String title, List<String> rule, List<String> line, String cwd, boolean covered) {
        assertEquals(covered, rule(rule, Map.of(), null).covers(server(line, Map.of(), cwd)), title);
    }

    @Test
    void serverCwdCoversRelativeWordsThere() {
        ServerCommand there = server(List.of("tool", "-m", "server"), Map.of(), "$D/srv");
        assertEquals(true, rule(List.of("tool", "-m", "server"), Map.of(), "$D/srv").covers(there));
        assertEquals(false, rule(List.of("tool", "-m", "server"), Map.of(), "$D/other-bin").covers(there));
    }

    static Stream<Arguments> variables() {
        return Stream.of(
                Arguments.of(Map.of("GITHUB_TOKEN", "x", "HOME", "/elsewhere", "LANG", "C"), Map.of(), List.of()),
                Arguments.of(Map.of("PYTHONUNBUFFERED", "1", "PYTHONIOENCODING", "utf-8"), Map.of(), List.of()),
                Arguments.of(Map.of("PYTHONPATH", "/p"), Map.of(), List.of("PYTHONPATH")),
                Arguments.of(Map.of("PYTHONPATH", "/p"), Map.of("PYTHONPATH", "/p"), List.of()),
                Arguments.of(Map.of("PYTHONPATH", "/p"), Map.of("PYTHONPATH", "/q"), List.of("PYTHONPATH")),
                Arguments.of(Map.of("npm_config_registry", "https://evil.test"), Map.of(), List.of("npm_config_registry")),
                Arguments.of(Map.of("LD_AUDIT", "/x.so"), Map.of(), List.of("LD_AUDIT")),
                Arguments.of(Map.of("BASH_FUNC_tool%%", "() { evil; }"), Map.of(), List.of("BASH_FUNC_tool%%")),
                Arguments.of(Map.of("GIT_CONFIG_COUNT", "1"), Map.of(), List.of("GIT_CONFIG_COUNT")),
                Arguments.of(Map.of("PATH", "$D/bin"), Map.of(), List.of()),
                Arguments.of(Map.of("PATH", "$D/bin:/usr/bin"), Map.of(), List.of("PATH")));
    }

    @ParameterizedTest(name = "{0} listing {1} → {2}")
    @MethodSource("variables")
    void variablesThatChangeWhatRunsMustBeListed(Map<String, String> env, Map<String, String> listed, List<String> unlisted) {
        ServerCommand server = server(List.of("tool", "$D/srv/app.py"), env, null);
        assertEquals(unlisted, rule(List.of("tool", "$D/srv/app.py"), listed, null).unlisted(server));
    }

    @Test
    void assignmentsOfAnEnvWrapperAreVariablesTheServerSets() {
        ServerCommand server = server(List.of("env", "PYTHONPATH=/p", "tool", "$D/srv/app.py"), Map.of(), null);
        CommandPattern rule = rule(List.of("tool", "$D/srv/app.py"), Map.of(), null);
        assertEquals(true, rule.covers(server));
        assertEquals(List.of("PYTHONPATH"), rule.unlisted(server));
    }

    static Stream<Arguments> deny() {
        return Stream.of(
                Arguments.of("as written", List.of("tool", "$D/srv/app.py"), List.of("tool", "$D/srv/app.py"), true),
                Arguments.of("wrapped by anything", List.of("tool", "$D/srv/app.py"), List.of("nice", "-n", "5", "tool", "$D/srv/app.py"), true),
                Arguments.of("an env with options", List.of("tool", "$D/srv/app.py"), List.of("env", "-i", "tool", "$D/srv/app.py"), true),
                Arguments.of("an option in between", List.of("tool", "$D/srv/app.py"), List.of("tool", "-u", "-X", "dev", "$D/srv/app.py"), true),
                Arguments.of("the words in another order", List.of("tool", "$D/srv/app.py"), List.of("$D/srv/app.py", "tool"), false),
                Arguments.of("a program of the same name elsewhere", List.of("tool", "$D/srv/app.py"),
                        List.of("$D/other-bin/tool", "$D/srv/app.py"), true),
                Arguments.of("a link to the file", List.of("tool", "$D/srv/app.py"), List.of("tool", "$D/srv/link.py"), true),
                Arguments.of("a bash -lc script", List.of("tool", "$D/srv/app.py"), List.of("sh", "-lc", "cd /; exec tool \"$D/srv/app.py\" 2>&1"), true),
                Arguments.of("a script in an unwrapped shell", List.of("tool", "$D/srv/app.py"),
                        List.of("env", "X=1", "sh", "-c", "tool '$D/srv/app.py'"), true),
                Arguments.of("a file of the same name elsewhere", List.of("tool", "$D/srv/app.py"), List.of("tool", "$D/other-bin/app.py"), false),
                Arguments.of("a bare file name anywhere", List.of("tool", "app.py"), List.of("tool", "$D/other-bin/app.py"), true),
                Arguments.of("another program", List.of("tool", "$D/srv/app.py"), List.of("sh", "$D/srv/app.py"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deny")
    void aDenyRuleFindsItsWordsWhereverTheyStand(String title, List<String> rule, List<String> line, boolean denied) {
        assertEquals(denied, rule(rule, Map.of(), null).denies(server(line, Map.of(), null)), title);
    }

    @Test
    void aScriptIsSplitAtBlanksAndOperatorsWithQuotesRemoved() {
        assertEquals(List.of("cd", "/a b", "exec", "tool", "x\"y", "2", "1", "echo", "$", "id"),
                ShellScripts.words("cd '/a b' && exec tool \"x\\\"y\" 2>&1; echo $(id)"));
    }
}
