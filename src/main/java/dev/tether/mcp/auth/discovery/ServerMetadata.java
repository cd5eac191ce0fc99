package dev.tether.mcp.auth.discovery;

import java.net.URI;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What Tether uses of an authorization server's metadata (RFC 8414). Lists are null when the
 * server did not publish them.
 *
 * @param legacy                true for a 2025-03-26 server (metadata at the MCP server's root, or none at all)
 * @param issParameterSupported the server said it puts {@code iss} in every authorization response
 *                              ({@code authorization_response_iss_parameter_supported}, RFC 9207 §3)
 * @param dpopAlgs              {@code dpop_signing_alg_values_supported} (RFC 9449 §5.1), null when absent
 */
public record ServerMetadata(String issuer, String authorizationEndpoint, String tokenEndpoint, String registrationEndpoint,
                      List<String> codeChallengeMethods, List<String> scopesSupported, List<String> authMethods,
                      List<String> grantTypes, boolean clientIdMetadataDocuments, boolean legacy,
                      boolean issParameterSupported, List<String> dpopAlgs) {

    /** Metadata that says nothing about {@code iss} or DPoP (a stored credential's, or a 2025-03-26 fallback). */
    public ServerMetadata(String issuer, String authorizationEndpoint, String tokenEndpoint, String registrationEndpoint,
                   List<String> codeChallengeMethods, List<String> scopesSupported, List<String> authMethods,
                   List<String> grantTypes, boolean clientIdMetadataDocuments, boolean legacy) {
        this(issuer, authorizationEndpoint, tokenEndpoint, registrationEndpoint, codeChallengeMethods, scopesSupported,
                authMethods, grantTypes, clientIdMetadataDocuments, legacy, false, null);
    }

    static ServerMetadata parse(JsonNode json, boolean legacy) {
        return new ServerMetadata(text(json, "issuer"), text(json, "authorization_endpoint"), text(json, "token_endpoint"),
                text(json, "registration_endpoint"), Discovery.strings(json.get("code_challenge_methods_supported")),
                Discovery.strings(json.get("scopes_supported")),
                Discovery.strings(json.get("token_endpoint_auth_methods_supported")),
                Discovery.strings(json.get("grant_types_supported")),
                json.path("client_id_metadata_document_supported").asBoolean(false), legacy,
                json.path("authorization_response_iss_parameter_supported").asBoolean(false),
                Discovery.strings(json.get("dpop_signing_alg_values_supported")));
    }

    /** Whether the server issues DPoP-bound tokens for proofs Tether can sign (ES256, RFC 9449 §5.1). */
    public boolean offersDpop() {
        return dpopAlgs != null && dpopAlgs.contains(dev.tether.mcp.auth.dpop.DpopKey.ALGORITHM);
    }

    /** 2025-03-26 without metadata: default endpoints on the server's origin, PKCE S256 assumed. */
    static ServerMetadata fallback(URI origin) {
        String base = origin.toString();
        return new ServerMetadata(base, base + "/authorize", base + "/token", base + "/register", List.of("S256"),
                null, null, null, false, true);
    }

    /** The auth methods the token endpoint accepts; RFC 8414 defaults to client_secret_basic. */
    public List<String> authMethodsOrDefault() {
        return authMethods == null || authMethods.isEmpty() ? List.of("client_secret_basic") : authMethods;
    }

    private static String text(JsonNode json, String field) {
        JsonNode n = json.get(field);
        return n != null && n.isString() && !n.asString().isBlank() ? n.asString() : null;
    }
}
