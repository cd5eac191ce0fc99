package dev.tether.mcp.auth.ledger;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/** Credentials that live only as long as this Tether process (what ACP sessions use by default). */
public final class MemoryTokenStore implements TokenStore {
    private final Map<String, JsonNode> records = new ConcurrentHashMap<>();

    @Override
    public Optional<JsonNode> load(String key) {
        return Optional.ofNullable(records.get(key)).map(JsonNode::deepCopy);
    }

    @Override
    public void save(String key, JsonNode record) {
        records.put(key, record.deepCopy());
    }

    @Override
    public void delete(String key) {
        records.remove(key);
    }

    @Override
    public List<String> keys() {
        return List.copyOf(records.keySet());
    }
}
