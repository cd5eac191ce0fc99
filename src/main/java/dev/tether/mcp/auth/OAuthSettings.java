package dev.tether.mcp.auth;

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
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization">MCP authorization</a>
 */
public record OAuthSettings(TokenStore store, AuthorizationPrompt.Factory prompts, Map<String, OAuthClientConfig> clients,
                            String clientMetadataDocument, String clientName) {
    public OAuthSettings {
        clients = Map.copyOf(clients);
    }

    /** Authorization code flows only, dynamic registration, no client ID metadata document. */
    public static OAuthSettings of(TokenStore store, AuthorizationPrompt.Factory prompts) {
        return new OAuthSettings(store, prompts, Map.of(), null, "Tether");
    }

    public OAuthSettings withClient(String server, OAuthClientConfig client) {
        Map<String, OAuthClientConfig> all = new java.util.HashMap<>(clients);
        all.put(server, client);
        return new OAuthSettings(store, prompts, all, clientMetadataDocument, clientName);
    }

    public OAuthSettings withClientMetadataDocument(String url) {
        return new OAuthSettings(store, prompts, clients, url, clientName);
    }
}
