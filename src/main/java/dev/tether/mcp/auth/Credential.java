package dev.tether.mcp.auth;

/**
 * The tokens in use for one server and what is needed to refresh them; {@code key} is where they
 * are kept in the {@link TokenStore} ({@link CredentialKeeper#credentialKey}).
 */
record Credential(String key, Tokens tokens, ServerMetadata server, OAuthClient client, String resource) {

    /** The {@code Authorization} header value. */
    String header() {
        return "Bearer " + tokens.access().value();
    }
}
