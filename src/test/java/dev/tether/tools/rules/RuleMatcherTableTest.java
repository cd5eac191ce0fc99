package dev.tether.tools.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rule matcher as a table: rules (each {@code "<effect> <scope> <rule>"}), one call, and what
 * the rules decide ({@code allow}, {@code ask}, {@code deny}, or {@code none} when no rule speaks).
 */
class RuleMatcherTableTest {
    private static final Path ROOT = Path.of("/work/project");
    private static final Path CWD = ROOT.resolve("app");
    private static final Places PLACES = new Places(ROOT, CWD, Path.of("/home/me"));

    private static Subject cmd(String command) {
        return new Subject.Builtin("run_command", command, List.of());
    }

    private static Subject file(String tool, String... paths) {
        return new Subject.Builtin(tool, null, Stream.of(paths).map(p -> p.startsWith("/") ? Path.of(p) : CWD.resolve(p)).toList());
    }

    private static Subject tool(String name) {
        return Subject.Builtin.named(name);
    }

    private static Subject mcp(String server, String tool, ServerBinding.Owner owner) {
        return new Subject.Mcp(server, tool, "digest-1", new ServerBinding("stdio: github-mcp-server", owner));
    }

    private static Subject mcpAs(String server, String tool, String identity, String definition) {
        return new Subject.Mcp(server, tool, definition, new ServerBinding(identity, ServerBinding.Owner.NONE));
    }

    private static Arguments row(String expected, Subject subject, String... rules) {
        return Arguments.of(expected, subject, List.of(rules));
    }

    static Stream<Arguments> table() {
        ServerBinding.Owner user = ServerBinding.Owner.USER;
        ServerBinding.Owner project = ServerBinding.Owner.PROJECT;
        ServerBinding.Owner none = ServerBinding.Owner.NONE;
        return Stream.of(
                // commands: prefixes, exact commands, wildcards
                row("allow", cmd("git status"), "allow user run_command(git status:*)"),
                row("allow", cmd("git status -s"), "allow user run_command(git status:*)"),
                row("none", cmd("git statusx"), "allow user run_command(git status:*)"),
                row("none", cmd("git status; rm -rf x"), "allow user run_command(git status:*)"),
                row("none", cmd("git status && rm -rf x"), "allow user run_command(git status:*)"),
                row("none", cmd("git status | sh"), "allow user run_command(git status:*)"),
                row("none", cmd("git status $(rm -rf x)"), "allow user run_command(git status:*)"),
                row("none", cmd("git status `rm -rf x`"), "allow user run_command(git status:*)"),
                row("none", cmd("git status > out.txt"), "allow user run_command(git status:*)"),
                row("allow", cmd("git status 2>&1"), "allow user run_command(git status:*)"),
                row("allow", cmd("git status >/dev/null 2>&1"), "allow user run_command(git status)"),
                row("allow", cmd("git status && git diff"), "allow user run_command(git status:*)", "allow user run_command(git diff:*)"),
                row("allow", cmd("git log | head -5"), "allow user Bash(git log:*)", "allow user Bash(head:*)"),
                row("allow", cmd("git  status"), "allow user run_command(git status)"),
                row("none", cmd("git status -s"), "allow user run_command(git status)"),
                row("allow", cmd("npm run build"), "allow user run_command(npm run *)"),
                row("allow", cmd("ls"), "allow user run_command(ls *)"),
                row("allow", cmd("git push origin main"), "allow user run_command(git * main)"),
                row("none", cmd("git push origin dev"), "allow user run_command(git * main)"),
                row("allow", cmd("echo 'a; rm -rf x'"), "allow user run_command(echo:*)"),
                row("allow", cmd("echo \"$(date)\""), "allow user run_command(echo:*)", "allow user run_command(date)"),
                row("none", cmd("echo \"$(rm -rf x)\""), "allow user run_command(echo:*)"),
                row("none", cmd("cat <<EOF\nhi\nEOF"), "allow user run_command(cat:*)"),
                row("allow", cmd("npm test && npm run lint"), "allow local run_command(npm test && npm run lint)"),
                row("allow", cmd("rm -rf build"), "allow user run_command"),
                row("allow", cmd("rm *.o"), "allow local run_command(rm \\*.o)"),
                row("none", cmd("rm -rf x.o"), "allow local run_command(rm \\*.o)"),
                row("allow", cmd("rm -rf x.o"), "allow local run_command(rm *.o)"),
                // deny and ask: any part, any spelling, whatever the allow rules say
                row("deny", cmd("cd x && rm -rf y"), "allow user run_command(cd:*)", "deny user run_command(rm -rf:*)"),
                row("deny", cmd("r\\m -rf y"), "deny user run_command(rm -rf:*)"),
                row("deny", cmd("echo $(rm -rf y)"), "deny user run_command(rm -rf:*)"),
                row("deny", cmd("\"rm\" -rf y"), "deny user run_command(rm -rf:*)"),
                row("deny", cmd("'rm' '-rf' y"), "deny user run_command(rm -rf:*)"),
                row("deny", cmd("ls `rm -rf y`"), "deny user run_command(rm -rf:*)"),
                row("none", cmd("git status > out.txt"), "allow user run_command(git status:*)"),
                row("deny", cmd("git status"), "allow user run_command(git status:*)", "deny managed run_command"),
                row("ask", cmd("git push origin main"), "allow user run_command(git:*)", "ask project run_command(git push:*)"),
                row("deny", cmd("git push"), "ask user run_command(git push:*)", "deny project Bash(git push:*)"),
                // ${…} holds commands of its own: an allow rule must cover them, a deny rule sees them
                row("none", cmd("git status --short ${GIT_OPTS:-$(cat ~/.ssh/id_ed25519 > /tmp/x/key-copy)}"), "allow user run_command(git status:*)"),
                row("none", cmd("git status ${x:-$(touch pwned1)}"), "allow user run_command(git status:*)"),
                row("none", cmd("git status ${x:=`touch p7`}"), "allow user run_command(git status:*)"),
                row("none", cmd("git status ${x:-${y:-$(touch p8)}}"), "allow user run_command(git status:*)"),
                row("none", cmd("git status \"${x:-$(touch p9)}\""), "allow user run_command(git status:*)"),
                row("allow", cmd("git status ${x:-$(git rev-parse HEAD)}"), "allow user run_command(git status:*)", "allow user run_command(git rev-parse:*)"),
                row("allow", cmd("git status ${GIT_OPTS:-}"), "allow user run_command(git status:*)"),
                row("deny", cmd("echo ${x:-$(rm -f victim)}"), "deny user run_command(rm:*)"),
                row("deny", cmd("echo ${x:=`rm -f victim`}"), "deny user run_command(rm:*)"),
                row("deny", cmd("echo ${x:-<(rm -f victim)}"), "deny user run_command(rm:*)"),
                row("none", cmd("git status ${x:->(touch p10)}"), "allow user run_command(git status:*)"),
                row("deny", cmd("coproc rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("$'\\x72m' -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("$'r\\155' -f victim"), "deny user run_command(rm:*)"),
                row("none", cmd("$'\\x72m' -f victim"), "allow user run_command(rm -f victim)"),
                // deny and ask rules see the command behind keywords, assignments, wrappers, a path and sh -c
                row("deny", cmd("rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("ls; rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("{ rm -f victim; }"), "deny user run_command(rm:*)"),
                row("deny", cmd("! rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("if true; then rm -f victim; fi"), "deny user run_command(rm:*)"),
                row("deny", cmd("if false; then :; else rm -f victim; fi"), "deny user run_command(rm:*)"),
                row("deny", cmd("for i in 1; do rm -f victim; done"), "deny user run_command(rm:*)"),
                row("deny", cmd("while true; do rm -f victim; break; done"), "deny user run_command(rm:*)"),
                row("deny", cmd("x=1 rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("x='a b' y=2 rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("time rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("command rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("exec rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("/bin/rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("nice rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("nice -n 5 rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("nohup rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("env -i X=1 rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("timeout 5 rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("timeout -s KILL 5s rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("echo victim | xargs rm -f"), "deny user run_command(rm:*)"),
                row("deny", cmd("command nice /usr/bin/rm -f victim"), "deny user run_command(rm:*)"),
                row("deny", cmd("sh -c \"rm -f victim\""), "deny user run_command(rm:*)"),
                row("deny", cmd("bash -c 'ls; rm -f victim'"), "deny user run_command(rm:*)"),
                row("deny", cmd("/bin/bash -lc 'rm -f victim'"), "deny user run_command(rm:*)"),
                row("deny", cmd("sh -c 'sh -c \"rm -f victim\"'"), "deny user run_command(rm:*)"),
                row("deny", cmd("eval 'rm -f victim'"), "deny user run_command(rm:*)"),
                row("deny", cmd("fish -c 'rm -f victim'"), "deny user run_command(rm:*)"),
                row("deny", cmd("sudo -u root -- rm -f victim"), "deny user run_command(rm:*)"),
                row("none", cmd("command -v rm"), "deny user run_command(rm:*)"),
                row("deny", cmd("rm -rf y"), "deny user run_command(rm -rf:*)"),
                row("deny", cmd("x=1 /bin/rm -rf y"), "deny user run_command(rm -rf:*)"),
                row("none", cmd("echo rm -f victim"), "deny user run_command(rm:*)"),
                row("none", cmd("firm -f victim"), "deny user run_command(rm:*)"),
                row("ask", cmd("git push origin main"), "ask user run_command(git push:*)"),
                row("ask", cmd("{ git push origin main; }"), "ask user run_command(git push:*)"),
                row("ask", cmd("GIT_TRACE=0 git push origin main"), "ask user run_command(git push:*)"),
                row("ask", cmd("if true; then git push origin main; fi"), "ask user run_command(git push:*)"),
                // allow rules never get looser: a wrapper, an assignment or sh -c needs the plain command covered too
                row("none", cmd("nice rm -rf x"), "allow user run_command(nice:*)"),
                row("none", cmd("env rm -rf x"), "allow user run_command(env:*)"),
                row("none", cmd("time rm -rf x"), "allow user run_command(time:*)"),
                row("none", cmd("xargs rm -rf"), "allow user run_command(xargs:*)"),
                row("none", cmd("sh -c 'rm -rf x'"), "allow user run_command(sh:*)"),
                row("none", cmd("eval 'rm -rf x'"), "allow user run_command(eval:*)"),
                row("none", cmd("GIT_DIR=/tmp/x git status"), "allow user run_command(git status:*)"),
                row("none", cmd("LD_PRELOAD=/tmp/x.so git status"), "allow user run_command(git status:*)"),
                row("none", cmd("sh -c 'git status; rm -rf x'"), "allow user run_command(sh:*)", "allow user run_command(git status:*)"),
                row("allow", cmd("nice git status"), "allow user run_command(nice:*)", "allow user run_command(git status:*)"),
                row("allow", cmd("{ git status; }"), "allow user run_command(git status:*)"),
                row("allow", cmd("/usr/bin/make -j4"), "allow user run_command(/usr/bin/make:*)"),
                // file tools: anchors, gitignore names, aliases
                row("allow", file("edit_file", "src/Main.java"), "allow user edit_file(src/**)"),
                row("none", file("edit_file", "test/MainTest.java"), "allow user edit_file(src/**)"),
                row("allow", file("write_file", "src/new.txt"), "allow user Edit(src/**)"),
                row("allow", file("edit_file", "/work/project/docs/a.md"), "allow user edit_file(/docs/**)"),
                row("none", file("edit_file", "docs/a.md"), "allow user edit_file(/docs/**)"),
                row("deny", file("read_file", "config/.env"), "deny user Read(.env)"),
                row("deny", file("search", "config/.env"), "deny user Read(.env)"),
                row("deny", file("read_file", "secrets/key.pem"), "deny user read_file(secrets)"),
                row("deny", file("read_file", "/home/me/.ssh/id_rsa"), "deny user Read(~/.ssh/**)"),
                row("deny", file("read_file", "/etc/passwd"), "deny user Read(//etc/**)"),
                row("none", file("edit_file", "src/a.java", "test/b.java"), "allow user edit_file(src/**)"),
                row("deny", file("edit_file", "src/a.java", "test/b.java"), "deny user edit_file(test/**)"),
                row("allow", file("write_file", "notes.txt"), "allow user Write"),
                row("none", file("edit_file", "notes.txt"), "allow user Write"),
                row("allow", tool("update_plan"), "allow user update_plan"),
                row("allow", tool("list_files"), "allow user *_files"),
                row("none", mcp("github", "create_issue", user), "allow user *"),
                // MCP: raw names, servers bound to the scope's owner, pinned answers
                row("allow", mcp("github", "create_issue", user), "allow user mcp__github__create_issue"),
                row("allow", mcp("github", "create_issue", user), "allow user mcp__github__*"),
                row("allow", mcp("github", "create_issue", user), "allow user mcp__github"),
                row("none", mcp("github", "create_issue", none), "allow user mcp__github"),
                row("none", mcp("github", "create_issue", project), "allow user mcp__github"),
                row("allow", mcp("github", "create_issue", project), "allow project mcp__github"),
                row("none", mcp("github", "create_issue", user), "allow project mcp__github"),
                row("deny", mcp("github", "delete_repo", none), "allow user mcp__github", "deny project mcp__github__delete_*"),
                row("deny", mcp("gitlab", "anything", user), "deny managed mcp__*"),
                row("ask", mcp("github", "create_issue", user), "allow user mcp__github", "ask user mcp__github__create_issue"),
                row("none", mcp("github", "list_issues", user), "allow user mcp__github__create_*"),
                row("allow", mcpAs("github", "create_issue", "stdio: x", "digest-1"), "pin local github create_issue stdio: x digest-1"),
                row("none", mcpAs("github", "create_issue", "stdio: y", "digest-1"), "pin local github create_issue stdio: x digest-1"),
                row("none", mcpAs("github", "create_issue", "stdio: x", "digest-2"), "pin local github create_issue stdio: x digest-1"),
                row("none", mcpAs("github", "create_issues", "stdio: x", "digest-1"), "pin local github create_issue stdio: x digest-1"),
                row("none", cmd("git status"), "allow user mcp__git"));
    }

    @ParameterizedTest(name = "{1} with {2} -> {0}")
    @MethodSource("table")
    void decides(String expected, Subject subject, List<String> rules) throws InvalidRule {
        List<PermissionRule> parsed = new ArrayList<>();
        for (String line : rules) {
            String[] words = line.split(" ", 3);
            RuleScope scope = RuleScope.valueOf(words[1].toUpperCase(java.util.Locale.ROOT));
            if (words[0].equals("pin")) {
                String[] pin = words[2].split(" ", 4);
                String[] identity = pin[2].concat(" ").concat(pin[3]).split(" (?=digest)");
                parsed.add(PermissionRule.pinned(scope, pin[0], pin[1], new PermissionRule.Pin(identity[0], identity[1]), "test"));
            } else {
                Effect effect = Effect.valueOf(words[0].toUpperCase(java.util.Locale.ROOT));
                parsed.add(PermissionRule.parse(effect, scope, words[2], "test"));
            }
        }
        String decided = new RuleSet(parsed, PLACES).decide(subject).map(r -> r.effect().id()).orElse("none");
        assertEquals(expected, decided);
    }
}
