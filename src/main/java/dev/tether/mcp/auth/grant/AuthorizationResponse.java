package dev.tether.mcp.auth.grant;

import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.discovery.ServerMetadata;
import java.util.Map;

/**
 * Checks what the browser brought back to the redirect URI before its code goes anywhere: an
 * {@code error} ends the flow, the {@code state} must be the one sent, and the {@code iss}
 * parameter (RFC 9207) must be the issuer recorded from the authorization server's metadata —
 * compared as exact strings, with no case folding, default-port elision, trailing-slash or
 * percent-encoding normalisation (RFC 9207 §2.4), since a mix-up attacker's issuer may differ from
 * the real one in exactly such a detail. When the metadata advertises
 * {@code authorization_response_iss_parameter_supported}, a response without {@code iss} is
 * refused; otherwise an absent {@code iss} is accepted and a present one is still compared.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9207">RFC 9207: OAuth 2.0 Authorization Server Issuer Identification</a>
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization">MCP authorization</a>
 */
final class AuthorizationResponse {
    /** How much of an {@code iss} value a message quotes: the value comes from the redirect, which anyone can forge. */
    private static final int MAX_QUOTED = 120;

    private AuthorizationResponse() {}

    /**
     * The authorization code of {@code answer}, the redirect's query parameters.
     *
     * @param state the {@code state} sent in the authorization request
     * @param as    the authorization server the request went to (its recorded issuer and what it advertises)
     * @throws AuthException the server refused, or the answer fails a check; nothing was sent anywhere
     */
    static String code(Map<String, String> answer, String state, ServerMetadata as) throws AuthException {
        if (answer.get("error") != null) {
            throw new AuthException("the authorization server refused: " + quote(answer.get("error"))
                    + (answer.get("error_description") == null ? "" : " (" + quote(answer.get("error_description")) + ")"));
        }
        if (!state.equals(answer.get("state"))) {
            throw new AuthException("the authorization answer carried the wrong state; ignoring it");
        }
        checkIssuer(answer.get("iss"), as);
        String code = answer.get("code");
        if (code == null || code.isEmpty()) {
            throw new AuthException("the authorization answer carried no code");
        }
        return code;
    }

    /** RFC 9207 §2.4: a present {@code iss} must equal the recorded issuer; an absent one is refused when it was promised. */
    static void checkIssuer(String iss, ServerMetadata as) throws AuthException {
        if (iss == null) {
            if (as.issParameterSupported()) {
                throw new AuthException("the authorization answer carried no iss, though the authorization server "
                        + as.issuer() + " says it always sends one; refusing the answer");
            }
            return;
        }
        if (!iss.equals(as.issuer())) {
            throw new AuthException("the authorization answer came from issuer " + quote(iss) + ", not " + as.issuer()
                    + "; refusing the answer");
        }
    }

    private static String quote(String text) {
        return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "…";
    }
}
