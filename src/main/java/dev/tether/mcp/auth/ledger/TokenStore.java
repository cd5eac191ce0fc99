package dev.tether.mcp.auth.ledger;

import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Where OAuth credentials and client registrations are kept, as opaque JSON records by key (the
 * auth code decides keys and contents: e.g. a digest of issuer/endpoint, client id and sorted
 * scopes for tokens; the issuer for registrations). Implementations: in memory (ACP sessions),
 * the host ledger file (owner-only, locked, atomic replace) for {@code tether mcp login}.
 */
public interface TokenStore {
    Optional<JsonNode> load(String key);

    void save(String key, JsonNode record);

    void delete(String key);

    List<String> keys();
}
