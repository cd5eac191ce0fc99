package dev.tether.mcp.auth.ledger;

import dev.tether.security.SecretRegistry;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A {@link TokenStore} that tells the process's {@link SecretRegistry} about every token, client
 * secret and private DPoP key that passes through it, saved after a grant or a refresh or loaded from an
 * earlier run, so that a server, tool or error echoing one has it masked before anyone sees it.
 */
public final class SecretRecordingStore implements TokenStore {
    private static final List<String> SECRET_FIELDS = List.of("access_token", "refresh_token", "client_secret");

    private final TokenStore store;
    private final SecretRegistry secrets;

    public SecretRecordingStore(TokenStore store, SecretRegistry secrets) {
        this.store = store;
        this.secrets = secrets;
    }

    @Override
    public Optional<JsonNode> load(String key) {
        Optional<JsonNode> record = store.load(key);
        record.ifPresent(this::register);
        return record;
    }

    @Override
    public void save(String key, JsonNode record) {
        register(record);
        store.save(key, record);
    }

    @Override
    public void delete(String key) {
        store.delete(key);
    }

    @Override
    public List<String> keys() {
        return store.keys();
    }

    private void register(JsonNode record) {
        for (String field : SECRET_FIELDS) {
            JsonNode value = record.get(field);
            if (value != null && value.isString()) {
                secrets.register(value.asString());
            }
        }
        JsonNode dpopKey = record.path("dpop_key").get("d"); // the private half of a DPoP key pair
        if (dpopKey != null && dpopKey.isString()) {
            secrets.register(dpopKey.asString());
        }
    }
}
