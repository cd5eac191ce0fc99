package dev.tether.mcp.auth.api;

/**
 * A client registered with an authorization server ahead of time, from the user's config.
 *
 * @param clientId      the client id
 * @param clientSecret  its secret for {@code client_secret_basic}/{@code client_secret_post}, or null
 * @param privateKey    a PKCS#8 PEM EC P-256 key for {@code private_key_jwt} (ES256), or null
 * @param authMethod    the token endpoint auth method to use, or null to pick the one the server supports
 * @param grant         how tokens are obtained
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#preregistration">MCP pre-registration</a>
 */
public record OAuthClientConfig(String clientId, Secret clientSecret, Secret privateKey, String authMethod, Grant grant) {

    /** A client for the authorization code flow (a user signs in in a browser). */
    public static OAuthClientConfig of(String clientId, Secret clientSecret) {
        return new OAuthClientConfig(clientId, clientSecret, null, null, new Grant.AuthorizationCode());
    }

    /** How the client obtains tokens. */
    public sealed interface Grant {
        /** Authorization code with PKCE: a user signs in through the {@link AuthorizationPrompt}. */
        record AuthorizationCode() implements Grant {}

        /** A machine client: {@code client_credentials}, no user. */
        record ClientCredentials() implements Grant {}

        /**
         * Cross-app access (enterprise-managed authorization): the user's ID token from the
         * identity provider is exchanged there for an ID-JAG (RFC 8693), which the client presents
         * to the MCP server's authorization server with the jwt-bearer grant (RFC 7523).
         */
        record CrossApp(String idpTokenEndpoint, String idpClientId, Secret idToken) implements Grant {}

        /**
         * Workload identity federation: the workload's own identity token (a JWT its platform
         * issued) presented with the jwt-bearer grant (RFC 7523 §2.1); no user, and no other grant
         * is tried when it is refused.
         */
        record JwtBearer(WorkloadIdentity identity) implements Grant {}
    }
}
