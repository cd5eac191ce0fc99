package dev.tether.mcp.auth.ledger;

import dev.tether.json.Json;
import java.nio.file.Path;

/** A second process for {@link FileTokenStoreTest}: saves {@code <prefix>0..<prefix>n-1} to the ledger at {@code file}. */
public final class LedgerWriter {
    public static void main(String[] args) {
        FileTokenStore store = new FileTokenStore(Path.of(args[0]));
        int count = Integer.parseInt(args[2]);
        for (int i = 0; i < count; i++) {
            store.save(args[1] + i, Json.object().put("n", i));
        }
    }
}
