package dev.tether.mcp.auth.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTokenStoreTest {
    @TempDir
    Path state;

    private FileTokenStore ledger() {
        return FileTokenStore.hostLedger(TetherPaths.from(Map.of("HOME", state.toString(), "XDG_STATE_HOME", state.toString())).stateDir());
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void livesUnderXdgStateHomeAndIsCreatedOwnerOnly() throws IOException {
        FileTokenStore store = ledger();
        assertEquals(state.resolve("tether/oauth/ledger.json"), store.file());
        assertEquals(List.of(), store.keys());

        store.save("k1", Json.parse("{\"resource\":\"https://mcp.example/mcp\",\"access_token\":\"t\"}"));

        assertEquals("rw-------", mode(store.file()));
        assertEquals("rwx------", mode(store.file().getParent()));
        assertEquals("rw-------", mode(store.file().resolveSibling("ledger.json.lock")));
        assertEquals(Optional.of(Json.parse("{\"resource\":\"https://mcp.example/mcp\",\"access_token\":\"t\"}")), store.load("k1"));
        assertEquals(Json.parse("{\"version\":1,\"records\":{\"k1\":{\"resource\":\"https://mcp.example/mcp\",\"access_token\":\"t\"}}}"),
                Json.parse(Files.readString(store.file())));
    }

    @Test
    void deleteRemovesOnlyThatRecord() {
        FileTokenStore store = ledger();
        store.save("a", Json.object().put("x", 1));
        store.save("b", Json.object().put("x", 2));
        store.delete("a");
        assertEquals(List.of("b"), store.keys());
        assertEquals(Optional.empty(), store.load("a"));
    }

    @Test
    void refusesAFileOthersCanRead() throws IOException {
        FileTokenStore store = ledger();
        store.save("a", Json.object());
        Files.setPosixFilePermissions(store.file(), PosixFilePermissions.fromString("rw-r--r--"));

        LedgerException read = assertThrows(LedgerException.class, () -> store.load("a"));
        assertEquals("refusing to use " + store.file() + ": its mode is rw-r--r--, it must be rw------- (run chmod 600 "
                + store.file() + ")", read.getMessage());
        assertThrows(LedgerException.class, () -> store.save("b", Json.object()));
        assertEquals("rw-r--r--", mode(store.file()));
    }

    @Test
    void refusesASymlink() throws IOException {
        FileTokenStore store = ledger();
        Path elsewhere = Files.createFile(state.resolve("elsewhere.json"), OwnerOnlyFiles.FILE_ATTRIBUTE);
        Files.writeString(elsewhere, "{\"version\":1,\"records\":{}}");
        Files.createDirectories(store.file().getParent(), PosixFilePermissions.asFileAttribute(OwnerOnlyFiles.DIR_MODE));
        Files.createSymbolicLink(store.file(), elsewhere);

        LedgerException e = assertThrows(LedgerException.class, store::keys);
        assertEquals("refusing to use " + store.file() + ": it is a symbolic link; it must be a regular file", e.getMessage());
        assertThrows(LedgerException.class, () -> store.save("a", Json.object()));
        assertEquals("{\"version\":1,\"records\":{}}", Files.readString(elsewhere));
    }

    @Test
    void refusesAFileOfAnotherOwner() throws IOException {
        FileTokenStore store = ledger();
        store.save("a", Json.object());
        UserPrincipal nobody;
        try {
            nobody = store.file().getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(store.file(), nobody);
        } catch (IOException e) {
            assumeTrue(false, "only root can give a file away: " + e.getMessage());
            return;
        }
        LedgerException error = assertThrows(LedgerException.class, () -> store.load("a"));
        assertEquals("refusing to use " + store.file() + ": it belongs to nobody, not to the current user", error.getMessage());
    }

    @Test
    void refusesAFileThatIsNotALedger() throws IOException {
        FileTokenStore store = ledger();
        store.save("a", Json.object());
        Files.writeString(store.file(), "not json");
        assertEquals(store.file() + " is not valid JSON; move it away to start a new one",
                assertThrows(LedgerException.class, store::keys).getMessage());
    }

    @Test
    void twoThreadsAndTwoOtherProcessesLoseNoUpdateAndLeaveNoTempFiles() throws Exception {
        FileTokenStore store = ledger();
        store.save("seed", Json.object());
        List<Process> processes = new ArrayList<>();
        for (String prefix : List.of("p", "q")) {
            processes.add(new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(),
                    "-cp", System.getProperty("java.class.path"), LedgerWriter.class.getName(), store.file().toString(), prefix, "40")
                    .redirectErrorStream(true).redirectOutput(state.resolve(prefix + ".log").toFile()).start());
        }
        Thread[] threads = Stream.of("s", "t").map(prefix -> Thread.ofVirtual().start(() -> {
            FileTokenStore own = ledger();
            IntStream.range(0, 40).forEach(i -> own.save(prefix + i, Json.object().put("n", i)));
        })).toArray(Thread[]::new);
        for (Thread thread : threads) {
            thread.join();
        }
        for (Process process : processes) {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, process.exitValue(), () -> {
                try {
                    return Files.readString(state.resolve("p.log")) + Files.readString(state.resolve("q.log"));
                } catch (IOException e) {
                    return e.toString();
                }
            });
        }

        List<String> expected = new ArrayList<>(List.of("seed"));
        for (String prefix : List.of("p", "q", "s", "t")) {
            IntStream.range(0, 40).forEach(i -> expected.add(prefix + i));
        }
        expected.sort(null);
        assertEquals(expected, store.keys());
        assertEquals(Optional.of(Json.object().put("n", 39)), store.load("q39"));
        assertEquals("rw-------", mode(store.file()));
        try (Stream<Path> files = Files.list(store.file().getParent())) {
            assertEquals(List.of("ledger.json", "ledger.json.lock"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
