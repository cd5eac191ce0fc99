package dev.tether.mcp.auth.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AcpTokenStoreTest {
    @TempDir
    Path state;

    private Path paths() {
        return TetherPaths.from(Map.of("HOME", state.toString(), "XDG_STATE_HOME", state.toString())).stateDir();
    }

    @Test
    void neverSeesWhatTheHostLedgerHolds() {
        FileTokenStore.hostLedger(paths()).save("k", Json.object().put("resource", "https://mcp.example/mcp"));

        assertEquals(List.of(), AcpTokenStore.inMemory().keys());
        assertEquals(Optional.empty(), AcpTokenStore.inMemory().load("k"));
        assertEquals(List.of(), AcpTokenStore.persistent(paths()).keys());
        assertEquals(Optional.empty(), AcpTokenStore.persistent(paths()).load("k"));
    }

    @Test
    void inMemoryWritesNoFile() {
        AcpTokenStore store = AcpTokenStore.inMemory();
        store.save("k", Json.object());
        assertEquals(List.of("k"), store.keys());
        assertFalse(store.persistent());
        assertFalse(Files.exists(FileTokenStore.directory(paths())));
    }

    @Test
    void optedInRecordsOutliveTheStoreInTheirOwnFile() {
        AcpTokenStore.persistent(paths()).save("k", Json.object().put("v", 1));

        assertEquals(Optional.of(Json.object().put("v", 1)), AcpTokenStore.persistent(paths()).load("k"));
        assertEquals(List.of("k"), new FileTokenStore(FileTokenStore.directory(paths()).resolve("acp-ledger.json")).keys());
        assertEquals(List.of(), FileTokenStore.hostLedger(paths()).keys());
    }

    @Test
    void refusesTheHostLedgerAsItsFile() {
        assertThrows(IllegalArgumentException.class,
                () -> AcpTokenStore.persistent(FileTokenStore.hostLedger(paths()).file(), paths()));
    }
}
