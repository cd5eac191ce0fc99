package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Confirmed hole 7: a stdio server (any process of the same user) read the keys from
 * {@code /proc/<tether-pid>/environ}. {@code bin/tether} now hands them over on a pipe, and
 * Tether makes itself non-dumpable (so {@code /proc/<pid>/} is root's) once a session starts, before its servers do.
 *
 * <p>Runs the real launcher and the jar the build just made, named by the system property
 * {@value #BUILT_JAR}: {@code scripts/test} runs this class on its own after {@code scripts/build}
 * (plain {@code mvn test} excludes it, since the jar it would find may be any older one). The
 * launcher and the jar are copied into this test's own folder first: started as another user
 * (uid 65534), Tether must be able to reach them, and a checkout may lie under a folder only its
 * owner can enter ({@code .ci/run} clones into a {@code mktemp -d} one, root's home is 0700).
 */
class ProcessEnvironmentAttackTest {
    /** The system property naming the jar to start; without it the tests are skipped. */
    static final String BUILT_JAR = "tether.builtJar";
    private static final Path ROOT = Path.of(System.getProperty("user.dir"));
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    @TempDir
    Path dir;
    private Path launcher;
    private Process tether;

    @BeforeEach
    void needsLinuxAndTheBuiltJar() throws Exception {
        assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux"), "reads /proc");
        String built = System.getProperty(BUILT_JAR);
        assumeTrue(built != null, "runs in scripts/test after scripts/build, which names the jar it built (-D" + BUILT_JAR + ")");
        Path jar = Path.of(built);
        assertTrue(Files.isRegularFile(jar), BUILT_JAR + " names no jar: " + jar);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        launcher = install(jar, dir.resolve("tether"));
    }

    /** Copies the launcher, what it reads and {@code jar} into {@code into}, laid out as in a checkout, readable by all. */
    private static Path install(Path jar, Path into) throws IOException {
        for (String file : List.of("bin/tether", "bin/jvm.args", "scripts/lib/java.sh")) {
            copy(ROOT.resolve(file), into.resolve(file));
        }
        copy(jar, into.resolve("target/tether.jar"));
        Files.setPosixFilePermissions(into.resolve("bin/tether"), PosixFilePermissions.fromString("rwxr-xr-x"));
        try (Stream<Path> tree = Files.walk(into)) {
            for (Path folder : tree.filter(Files::isDirectory).toList()) {
                Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
        return into.resolve("bin/tether");
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
    }

    @AfterEach
    void stop() throws Exception {
        if (tether != null) {
            tether.getOutputStream().close();
            if (!tether.waitFor(10, TimeUnit.SECONDS)) {
                tether.destroyForcibly();
            }
        }
    }

    @Test
    void theKeyReachesTheSessionButNotTheProcessEnvironment() throws Exception {
        long pid = startWithASession(false);
        String environ = Files.readString(Path.of("/proc/" + pid + "/environ"), StandardCharsets.ISO_8859_1);
        assertFalse(environ.contains(SecretAttacks.KEY), "the key is in /proc/" + pid + "/environ");
        assertFalse(("\0" + environ).contains("\0ANTHROPIC_API_KEY="), "the key's name is in /proc/" + pid + "/environ");
        String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"), StandardCharsets.ISO_8859_1);
        assertTrue(cmdline.contains("tether.jar") && !cmdline.contains(SecretAttacks.KEY), cmdline);
    }

    @Test
    void onceASessionRunsTheProcessIsNotDumpable() throws Exception {
        // A non-dumpable process's /proc/<pid>/ files belong to root: only visible when Tether runs as someone else.
        boolean root = "root".equals(System.getProperty("user.name"));
        assumeTrue(!root || Files.isExecutable(SETPRIV), "runs as root and cannot start Tether as another user");
        long pid = startWithASession(root);
        // Hardening runs in the background once session/new is answered, before the session's
        // launch starts any server (and so before its first model request or tool).
        Waits.eventually(Duration.ofSeconds(10), () -> Integer.valueOf(0).equals(
                Files.getAttribute(Path.of("/proc/" + pid + "/environ"), "unix:uid")),
                "/proc/" + pid + "/environ to belong to root: the process to be non-dumpable");
    }

    /** Starts bin/tether with a key in its environment and waits until session/new answered; returns its pid. */
    private long startWithASession(boolean asNobody) throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.setPosixFilePermissions(ws, PosixFilePermissions.fromString("rwxrwxrwx"));
        List<String> command = new ArrayList<>();
        if (asNobody) {
            command.addAll(List.of(SETPRIV.toString(), "--reuid=65534", "--regid=65534", "--clear-groups"));
        }
        command.add(launcher.toString());
        // Started in a folder every user may enter: the checkout's may not be one.
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        builder.environment().put("ANTHROPIC_API_KEY", SecretAttacks.KEY);
        builder.environment().remove("OPENAI_API_KEY");
        builder.environment().remove("TETHER_PROVIDER");
        builder.environment().put("TETHER_NO_CACHE", "1");
        builder.environment().put("XDG_STATE_HOME", dir.resolve("state").toString());
        builder.environment().put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        builder.environment().put("HOME", dir.toString());
        // Never the machine's real managed settings.
        builder.environment().put("TETHER_MANAGED_SETTINGS", dir.resolve("managed-settings.json").toString());
        tether = builder.start();
        OutputStream in = tether.getOutputStream();
        in.write(("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}\n"
                + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + ws + "\",\"mcpServers\":[]}}\n")
                .getBytes(StandardCharsets.UTF_8));
        in.flush();
        JsonNode answer = CompletableFuture.supplyAsync(this::sessionNewAnswer).get(60, TimeUnit.SECONDS);
        // Without the key there is no provider and session/new is refused: the key did arrive.
        assertTrue(answer.path("result").has("sessionId"), answer + "\n" + Files.readString(dir.resolve("stderr.txt")));
        return tether.pid();
    }

    private JsonNode sessionNewAnswer() {
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(tether.getInputStream(), StandardCharsets.UTF_8));
            for (String line; (line = out.readLine()) != null; ) {
                JsonNode frame = Json.parse(line);
                if (frame.path("id").asInt(-1) == 1) {
                    return frame;
                }
            }
            return Json.object().put("error", "Tether closed stdout before answering session/new");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
