package dev.tether.mcp.auth.api;

import dev.tether.mcp.auth.dpop.DpopKeys;
import dev.tether.mcp.auth.ledger.TokenStore;
import java.util.Map;

/**
 * Turns on OAuth for a runtime's HTTP servers: where credentials are kept, how the user is taken
 * through an authorization, and the clients registered ahead of time (by server name). A server
 * whose config carries its own {@code Authorization} header and has no client here is left alone.
 *
 * @param store                  tokens and dynamic registrations
 * @param prompts                opens one {@link AuthorizationPrompt} per authorization code flow
 * @param clients                pre-registered clients by server name
 * @param clientMetadataDocument the HTTPS URL of Tether's client ID metadata document, used as
 *                               client id where the authorization server supports that; null for none
 * @param clientName             {@code client_name} in dynamic registrations
 * @param dpopKeys               the DPoP key pairs of this process, by server (RFC 9449); shared by every
 *                               session that shares {@code store}, since its bound tokens need them
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization">MCP authorization</a>
 */
public record OAuthSettings(TokenStore store, AuthorizationPrompt.Factory prompts, Map<String, OAuthClientConfig> clients,
                            String clientMetadataDocument, String clientName, DpopKeys dpopKeys) {
    public OAuthSettings {
        clients = Map.copyOf(clients);
        dpopKeys = dpopKeys == null ? new DpopKeys() : dpopKeys;
    }

    public OAuthSettings(TokenStore store, AuthorizationPrompt.Factory prompts, Map<String, OAuthClientConfig> clients,
                         String clientMetadataDocument, String clientName) {
        this(store, prompts, clients, clientMetadataDocument, clientName, null);
    }

    /** Authorization code flows only, dynamic registration, no client ID metadata document, DPoP keys of their own. */
    public static OAuthSettings of(TokenStore store, AuthorizationPrompt.Factory prompts) {
        return new OAuthSettings(store, prompts, Map.of(), null, "Tether");
    }

    public OAuthSettings withClient(String server, OAuthClientConfig client) {
        Map<String, OAuthClientConfig> all = new java.util.HashMap<>(clients);
        all.put(server, client);
        return new OAuthSettings(store, prompts, all, clientMetadataDocument, clientName, dpopKeys);
    }

    /** These settings with {@code keys}: the sessions that share a token store share its DPoP keys too. */
    public OAuthSettings withDpopKeys(DpopKeys keys) {
        return new OAuthSettings(store, prompts, clients, clientMetadataDocument, clientName, keys);
    }
}
