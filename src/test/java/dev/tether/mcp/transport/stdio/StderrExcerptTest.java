package dev.tether.mcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The telling lines of real crashes: the first error line of each runtime's trace and the last lines that say something. */
class StderrExcerptTest {

    static List<Arguments> crashes() {
        return List.of(
                Arguments.of("node (dbhub without node:sqlite)", """
                        Connecting to 1 database source(s)...
                        Failed to connect to SQLite database: Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite
                            at ModuleLoader.builtinStrategy (node:internal/modules/esm/translators:391:11)
                            at async ModuleJob._link (node:internal/modules/esm/module_job:148:19) {
                          code: 'ERR_UNKNOWN_BUILTIN_MODULE'
                        }
                        Node.js v20.20.2""",
                        "Failed to connect to SQLite database: Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite"
                                + " … code: 'ERR_UNKNOWN_BUILTIN_MODULE' | Node.js v20.20.2"),
                Arguments.of("node, a thrown TypeError", """
                        file:///srv/server.js:3
                            config.port.toString();
                                        ^

                        TypeError: Cannot read properties of undefined (reading 'toString')
                            at file:///srv/server.js:3:13""",
                        "TypeError: Cannot read properties of undefined (reading 'toString')"),
                Arguments.of("python", """
                        Traceback (most recent call last):
                          File "/srv/server.py", line 3, in <module>
                            import missing_module
                        ModuleNotFoundError: No module named 'missing_module'""",
                        "Traceback (most recent call last): … import missing_module | ModuleNotFoundError: No module named 'missing_module'"),
                Arguments.of("the JVM", """
                        Exception in thread "main" java.lang.IllegalStateException: no config at /etc/srv.toml
                        \tat srv.Main.main(Main.java:12)""",
                        "Exception in thread \"main\" java.lang.IllegalStateException: no config at /etc/srv.toml"),
                Arguments.of("go", """
                        panic: runtime error: invalid memory address or nil pointer dereference
                        goroutine 1 [running]:
                        main.main()
                        \t/src/main.go:9 +0x1d
                        exit status 2""",
                        "panic: runtime error: invalid memory address or nil pointer dereference … goroutine 1 [running]: | main.main() | exit status 2"),
                Arguments.of("no error words: the last lines", """
                        starting
                        listening on stdio
                        bye""",
                        "starting | listening on stdio | bye"),
                Arguments.of("nothing at all", "", ""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("crashes")
    void theSummaryShowsTheFirstErrorLineAndTheLastTellingLines(String runtime, String stderr, String expected) {
        StderrRing ring = new StderrRing(200, 64 * 1024);
        stderr.lines().forEach(ring::add);
        assertEquals(expected, ring.excerpt().summary(), runtime);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("crashes")
    void theFirstErrorLineOutlivesTheRing(String runtime, String stderr, String expected) {
        StderrRing ring = new StderrRing(3, 64 * 1024);
        stderr.lines().forEach(ring::add);
        for (int i = 0; i < 10; i++) {
            ring.add("noise " + i);
        }
        StderrExcerpt excerpt = ring.excerpt();
        String first = expected.contains(" … ") ? expected.substring(0, expected.indexOf(" … "))
                : expected.startsWith("TypeError") || expected.startsWith("Exception") ? expected : null;
        assertEquals(first, excerpt.firstError(), runtime);
        assertEquals(List.of("noise 7", "noise 8", "noise 9"), excerpt.lastLines(), runtime);
    }

    @org.junit.jupiter.api.Test
    void longLinesAreCut() {
        StderrRing ring = new StderrRing(200, 64 * 1024);
        ring.add("Error: " + "y".repeat(1000));
        String summary = ring.excerpt().summary();
        assertEquals(StderrExcerpt.LINE_CHARS + 1, summary.length(), summary);
    }
}
