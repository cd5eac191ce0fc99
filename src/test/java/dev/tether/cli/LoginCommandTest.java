package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tether login} and {@code logout} as a user (or the editor's terminal auth method, which
 * appends {@code login} to {@code tether acp}) runs them: the choice and the key stored owner-only,
 * the key never printed; logout removes it.
 */
class LoginCommandTest {
    private static final String KEY = "sk-proj-LOGIN-canary-0123456789abcdef";

    @TempDir
    Path dir;

    private Map<String, String> env() {
        return Map.of("HOME", dir.toString(), "XDG_CONFIG_HOME", dir.resolve("config").toString(),
                "XDG_STATE_HOME", dir.resolve("state").toString());
    }

    private record Run(int code, String out, String err) {}

    private Run run(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out,
                new PrintStream(err, true, StandardCharsets.UTF_8), env());
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theTerminalAuthInvocationStoresTheChosenProvidersKey() throws Exception {
        Run login = run("2\n" + KEY + "\n", "acp", "login");
        assertEquals(0, login.code(), login.err());
        Path file = dir.resolve("config/tether/credentials.json");
        assertEquals(Json.parse("{\"provider\":\"openai\",\"openai\":{\"apiKey\":\"" + KEY + "\"}}"), Json.parse(Files.readString(file)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(login.out().contains("1) Anthropic") && login.out().contains("Signed in to OpenAI"), login.out());
        assertFalse(login.out().contains(KEY) || login.err().contains(KEY), "the key was printed");

        Run logout = run("", "logout");
        assertEquals(0, logout.code());
        assertTrue(logout.out().startsWith("Signed out: removed " + file), logout.out());
        assertFalse(Files.exists(file));
        assertTrue(run("", "logout").out().startsWith("No stored key"));
    }

    @Test
    void anUnknownChoiceOrAnEmptyKeyStoresNothing() {
        Run wrong = run("3\n" + KEY + "\n", "login");
        assertEquals(2, wrong.code());
        assertTrue(wrong.err().contains("choose 1 (Anthropic) or 2 (OpenAI)"), wrong.err());
        Run empty = run("\n\n", "login", "--provider", "anthropic");
        assertEquals(1, empty.code());
        assertTrue(empty.err().contains("no key given; nothing was stored"), empty.err());
        assertFalse(Files.exists(dir.resolve("config/tether/credentials.json")));
    }

    @Test
    void aBadProviderOrAStrayArgumentIsNamed() {
        Run foo = run(KEY + "\n", "login", "--provider", "foo");
        assertEquals(2, foo.code());
        assertTrue(foo.err().contains("--provider takes anthropic or openai"), foo.err());
        Run stray = run("1\n" + KEY + "\n", "login", "extra");
        assertEquals(2, stray.code());
        assertTrue(stray.err().contains("unexpected argument \"extra\""), stray.err());
        Run missing = run("", "login", "--provider");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("--provider needs a value"), missing.err());
        assertFalse(Files.exists(dir.resolve("config/tether/credentials.json")));
        // An editor's terminal sign-in runs its invocation with login appended: the agent's options are not login's.
        Run viaEditor = run("1\n" + KEY + "\n", "acp", "--strict-mcp-config", "login");
        assertEquals(0, viaEditor.code(), viaEditor.err());
    }
}
