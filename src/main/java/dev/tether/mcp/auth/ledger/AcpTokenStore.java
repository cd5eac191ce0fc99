package dev.tether.mcp.auth.ledger;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The credentials of ACP sessions: kept in memory for the life of this Tether process and, only
 * when the user opted in, also in the ACP ledger ({@code $XDG_STATE_HOME/tether/oauth/acp-ledger.json},
 * the same owner-only, locked, atomically replaced file format as the host ledger).
 *
 * <p><b>It never reads the host ledger</b> ({@link FileTokenStore#hostLedger}): what
 * {@code tether mcp login} stored at a terminal is not handed to whatever editor spawned this
 * process. The constructor refuses a file that is the host ledger.
 */
public final class AcpTokenStore implements TokenStore {
    private final MemoryTokenStore memory = new MemoryTokenStore();
    private final FileTokenStore ledger;

    private AcpTokenStore(FileTokenStore ledger) {
        this.ledger = ledger;
    }

    /** Memory only: what ACP sessions get unless the user opted in. */
    public static AcpTokenStore inMemory() {
        return new AcpTokenStore(null);
    }

    /** Memory backed by the ACP ledger, for a user who opted in. */
    public static AcpTokenStore persistent(Path stateDir) {
        return persistent(FileTokenStore.directory(stateDir).resolve(FileTokenStore.ACP_LEDGER), stateDir);
    }

    static AcpTokenStore persistent(Path file, Path stateDir) {
        FileTokenStore store = new FileTokenStore(file);
        if (store.file().equals(FileTokenStore.hostLedger(stateDir).file())) {
            throw new IllegalArgumentException("ACP sessions may not use the host OAuth ledger");
        }
        return new AcpTokenStore(store);
    }

    /** Whether records outlive this process. */
    public boolean persistent() {
        return ledger != null;
    }

    @Override
    public Optional<JsonNode> load(String key) {
        Optional<JsonNode> held = memory.load(key);
        if (held.isPresent() || ledger == null) {
            return held;
        }
        Optional<JsonNode> stored = ledger.load(key);
        stored.ifPresent(record -> memory.save(key, record));
        return stored;
    }

    @Override
    public void save(String key, JsonNode record) {
        // The ledger first: a refused or failed write must not leave memory ahead of the file.
        if (ledger != null) {
            ledger.save(key, record);
        }
        memory.save(key, record);
    }

    @Override
    public void delete(String key) {
        if (ledger != null) {
            ledger.delete(key);
        }
        memory.delete(key);
    }

    @Override
    public List<String> keys() {
        TreeSet<String> keys = new TreeSet<>(memory.keys());
        if (ledger != null) {
            keys.addAll(ledger.keys());
        }
        return List.copyOf(keys);
    }
}
