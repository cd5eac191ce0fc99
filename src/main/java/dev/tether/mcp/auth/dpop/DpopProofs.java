package dev.tether.mcp.auth.dpop;

import java.net.URI;
import java.time.Clock;

/**
 * DPoP for one MCP server: its key pair (one per server and process) and the
 * latest nonces its authorization server and the server itself have named. Makes the proof of
 * each token request and of each request that presents a bound token.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9449.html">RFC 9449</a>
 */
public final class DpopProofs {
    private final DpopKey key;
    private final Clock clock;
    private final DpopNonces authorizationServer = new DpopNonces();
    private final DpopNonces resourceServer = new DpopNonces();

    DpopProofs(DpopKey key, Clock clock) {
        this.key = key;
        this.clock = clock;
    }

    /** A proof for a POST to the token endpoint (no {@code ath}), with the authorization server's latest nonce. */
    public String forTokenRequest(URI tokenEndpoint) {
        return DpopProof.create(key, "POST", tokenEndpoint, null, authorizationServer.latest(), clock.instant());
    }

    /** A proof for a {@code method} request to the MCP server presenting {@code accessToken}, with its latest nonce. */
    public String forResource(String method, URI target, String accessToken) {
        return DpopProof.create(key, method, target, accessToken, resourceServer.latest(), clock.instant());
    }

    /** The authorization server's nonces (from {@code DPoP-Nonce} on token endpoint answers). */
    public DpopNonces authorizationServer() {
        return authorizationServer;
    }

    /** The MCP server's nonces (from {@code DPoP-Nonce} on its answers). */
    public DpopNonces resourceServer() {
        return resourceServer;
    }

    /** The key pair, for the record of the token bound to it (see {@link DpopKey#privateJwk()}). */
    public DpopKey key() {
        return key;
    }

    /** The thumbprint of the key: a token bound to another key cannot be presented with these proofs. */
    public String thumbprint() {
        return key.thumbprint();
    }

    @Override
    public String toString() {
        return "DpopProofs[" + key + "]";
    }
}
