package dev.tether.mcp.auth.credential;

import dev.tether.mcp.auth.discovery.ServerMetadata;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.auth.registration.OAuthClient;

/**
 * The tokens in use for one server and what is needed to refresh them; {@code key} is where they
 * are kept in the {@link TokenStore} ({@link CredentialKeeper#credentialKey}).
 */
public record Credential(String key, Tokens tokens, ServerMetadata server, OAuthClient client, String resource) {

    /** The {@code Authorization} header value: a DPoP-bound token is never sent as Bearer (RFC 9449 §7.1). */
    public String header() {
        return (tokens.dpopBound() ? "DPoP " : "Bearer ") + tokens.access().value();
    }
}
