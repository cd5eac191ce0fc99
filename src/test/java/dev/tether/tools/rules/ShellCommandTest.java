package dev.tether.tools.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A command line read as the commands the shell would run. */
class ShellCommandTest {

    private static List<String> parts(String command) {
        return ShellCommand.parse(command).parts().stream().map(ShellCommand.Part::text).toList();
    }

    @Test
    void operatorsSplitAndQuotesDoNot() {
        assertEquals(List.of("a", "b", "c", "d", "e", "f"), parts("a; b && c || d | e & f"));
        assertEquals(List.of("echo 'a; b' \"c && d\""), parts("echo 'a; b'   \"c && d\""));
        assertEquals(List.of("a", "b"), parts("a\nb"));
        assertEquals(List.of("a", "b"), parts("(a; b)"));
        assertEquals(List.of("echo a\\;b"), parts("echo a\\;b"));
    }

    @Test
    void substitutionsAreCommandsOfTheirOwn() {
        assertEquals(List.of("rm x", "echo $(rm x)"), parts("echo $(rm x)"));
        assertEquals(List.of("rm x", "echo \"$(rm x)\""), parts("echo \"$(rm x)\""));
        assertEquals(List.of("rm x", "echo `rm x`"), parts("echo `rm x`"));
        assertEquals(List.of("cat a", "diff <(cat a) b"), parts("diff <(cat a) b"));
        assertEquals(List.of("b", "a $(b)"), parts("a $(b)"), "one level");
        assertEquals(List.of("c", "b $(c)", "a $(b $(c))"), parts("a $(b $(c))"));
    }

    @Test
    void theBareFormIsWhatTheShellRuns() {
        assertEquals("rm -rf x", ShellCommand.parse("r\\m -rf x").parts().getFirst().bare());
        assertEquals("rm -rf x", ShellCommand.parse("'rm' \"-rf\" x").parts().getFirst().bare());
        assertEquals("rm a'b AB\u0001 x", ShellCommand.parse("$'\\x72m' $'a\\'b' $'\\101\\u0042\\cA' x").parts().getFirst().bare(),
                "ANSI-C quoting as bash decodes it");
    }

    @Test
    void redirectionsToFilesAndHereDocumentsAreOpaque() {
        assertTrue(ShellCommand.parse("echo hi > out.txt").opaque());
        assertTrue(ShellCommand.parse("sort < in.txt").opaque());
        assertTrue(ShellCommand.parse("cat <<EOF\nx\nEOF").opaque());
        assertTrue(ShellCommand.parse("echo >> log").opaque());
        assertTrue(ShellCommand.parse("cmd &> all.log").opaque());
        assertFalse(ShellCommand.parse("make 2>&1").opaque());
        assertFalse(ShellCommand.parse("make >/dev/null 2>/dev/null").opaque());
        assertEquals(List.of("make"), parts("make 2>&1 >/dev/null"));
    }

    @Test
    void whatCannotBeFollowedIsOpaque() {
        assertTrue(ShellCommand.parse("echo 'unclosed").opaque());
        assertTrue(ShellCommand.parse("echo \"unclosed").opaque());
        assertTrue(ShellCommand.parse("echo $(unclosed").opaque());
    }

    @Test
    void commentsAreNotCommands() {
        assertEquals(List.of("git status"), parts("git status # && rm -rf x"));
        assertEquals(List.of("echo a#b"), parts("echo a#b"));
    }

    @Test
    void aParameterExpansionIsReadForTheCommandsInIt() {
        assertEquals(List.of("touch f", "git status ${x:-$(touch f)}"), parts("git status ${x:-$(touch f)}"));
        assertEquals(List.of("touch f", "git status ${x:=`touch f`}"), parts("git status ${x:=`touch f`}"));
        assertEquals(List.of("touch f", "echo ${x:-${y:-$(touch f)}}"), parts("echo ${x:-${y:-$(touch f)}}"));
        assertEquals(List.of("touch f", "echo \"${x:-$(touch f)}\""), parts("echo \"${x:-$(touch f)}\""));
        assertEquals(List.of("echo ${x:-'}'} y"), parts("echo ${x:-'}'} y"), "a quoted brace does not close it");
        assertEquals(List.of("echo ${HOME} ${#x} ${x%/*}"), parts("echo ${HOME} ${#x} ${x%/*}"));
        assertEquals(List.of("touch f", "echo ${x:-<(touch f)}"), parts("echo ${x:-<(touch f)}"), "bash runs it");
        assertTrue(ShellCommand.parse("echo ${x:-$(touch f)").opaque(), "unclosed");
        assertFalse(ShellCommand.parse("echo ${x:-$(date)}").opaque());
    }

    @Test
    void keywordsBeforeACommandAreNotPartOfIt() {
        assertEquals(List.of("rm -f v"), parts("{ rm -f v; }"));
        assertEquals(List.of("rm -f v"), parts("! rm -f v"));
        assertEquals(List.of("true", "rm -f v"), parts("if true; then rm -f v; fi"));
        assertEquals(List.of("false", ":", "rm -f v"), parts("if false; then :; else rm -f v; fi"));
        assertEquals(List.of("for i in 1", "rm -f v"), parts("for i in 1; do rm -f v; done"));
        assertEquals(List.of("'if' x"), parts("'if' x"), "a quoted keyword is a command name");
    }

    @Test
    void assignmentsWrappersAndShellScriptsAddThePlainCommand() {
        assertEquals(List.of("x=1 rm -f v", "rm -f v"), parts("x=1 rm -f v"));
        assertEquals(List.of("x='a b' rm -f v", "rm -f v"), parts("x='a b' rm -f v"));
        assertEquals(List.of("nice -n 5 rm -f v", "rm -f v"), parts("nice -n 5 rm -f v"));
        assertEquals(List.of("command nice env -i X=1 timeout -s KILL 5 rm v", "rm v"), parts("command nice env -i X=1 timeout -s KILL 5 rm v"));
        assertEquals(List.of("xargs -0 -n 1 rm -f", "rm -f"), parts("xargs -0 -n 1 rm -f"));
        assertEquals(List.of("sh -c \"rm -f v\"", "rm -f v"), parts("sh -c \"rm -f v\""));
        assertEquals(List.of("bash -o pipefail -ec 'ls; rm v'", "ls", "rm v"), parts("bash -o pipefail -ec 'ls; rm v'"));
        assertEquals(List.of("x=1 sh -c 'rm v'", "sh -c 'rm v'", "rm v"), parts("x=1 sh -c 'rm v'"));
        assertEquals(List.of("eval 'rm v'", "rm v"), parts("eval 'rm v'"));
        assertEquals(List.of("coproc rm v", "rm v"), parts("coproc rm v"));
        assertEquals(List.of("x=1"), parts("x=1"), "an assignment alone runs nothing");
        assertEquals(List.of("nice"), parts("nice"));
        assertEquals(List.of("sh script.sh"), parts("sh script.sh"));
        assertEquals(List.of("command -v rm"), parts("command -v rm"), "command -v runs nothing");
        assertEquals(List.of("nice -n", "sh -c", "eval"), parts("nice -n; sh -c; eval"), "nothing to run");
        assertEquals(List.of(), parts("! ; { ; }"));
        assertEquals(List.of("echo a\\  b"), parts("echo a\\  b"), "an escaped space ends no word");
    }
}
