/**
 * DPoP (RFC 9449) for MCP servers whose authorization server offers it: an EC P-256 key per
 * server and process (written, by the OAuth core, only into the record of the token bound to it),
 * proofs for token requests and for every request that presents a DPoP-bound token, and the
 * servers' nonces. Knows nothing of OAuth flows or transports; the flow decides when proofs are
 * sent ({@code dev.tether.mcp.auth.OAuthAuthorization} for requests to the server, the token
 * endpoint of {@code dev.tether.mcp.auth.grant} for token requests).
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9449.html">RFC 9449</a>
 */
package dev.tether.mcp.auth.dpop;
