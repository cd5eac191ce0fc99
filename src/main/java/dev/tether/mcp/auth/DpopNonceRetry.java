package dev.tether.mcp.auth;

import dev.tether.mcp.auth.discovery.WwwAuthenticate;
import dev.tether.mcp.auth.dpop.DpopNonces;
import dev.tether.mcp.auth.dpop.DpopProof;
import dev.tether.mcp.auth.grant.TokenEndpoint;
import dev.tether.mcp.transport.HttpAuthorization.Rejection;
import dev.tether.mcp.transport.HttpAuthorization.Verdict;

/**
 * An MCP server's {@code use_dpop_nonce} refusal (401, {@code WWW-Authenticate: DPoP
 * error="use_dpop_nonce"}, the nonce in {@code DPoP-Nonce}): the nonce is kept for the server's
 * later proofs and the request is sent again, only when the refused proof did not already carry
 * it, so a server cannot keep one request going round by refusing its own nonce.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9449.html#section-9">RFC 9449 §9</a>
 */
final class DpopNonceRetry {
    private DpopNonceRetry() {}

    /** Whether {@code rejection} asks a request that carried a DPoP proof for a nonce. */
    static boolean applies(Rejection rejection) {
        return rejection.status() == 401 && rejection.sentProof() != null
                && TokenEndpoint.USE_DPOP_NONCE.equals(WwwAuthenticate.parse(rejection.challenge(), "DPoP").error());
    }

    /** Send again with the new nonce, or fail when the server named no valid nonce or refused the one it named. */
    static Verdict verdict(Rejection rejection, DpopNonces nonces, String server) {
        String nonce = rejection.nonce();
        if (!nonces.offer(nonce)) {
            return Verdict.fail("server \"" + server + "\" asked for a DPoP nonce without naming a valid one");
        }
        if (nonce.equals(DpopProof.nonceOf(rejection.sentProof()))) {
            return Verdict.fail("server \"" + server + "\" refused a DPoP proof that carried the nonce it asked for");
        }
        return Verdict.again();
    }
}
