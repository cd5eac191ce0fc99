package dev.tether.mcp.transport;

import java.net.URI;
import java.util.Map;

/**
 * What {@link HttpTransport} asks about authorization: the {@code Authorization} header of each
 * request, and what to do when the server answers 401 or 403. An implementation runs the OAuth
 * flow (package {@code dev.tether.mcp.auth}); {@link #NONE} sends nothing and lets a 401 fail the
 * request with a readable reason.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization">MCP authorization</a>
 */
public interface HttpAuthorization extends AutoCloseable {

    /** Sends no credentials; a 401 or 403 fails the request. */
    HttpAuthorization NONE = new HttpAuthorization() {
        @Override
        public String header() {
            return null;
        }

        @Override
        public Verdict rejected(Rejection rejection) {
            return Verdict.fail(HttpTransport.AUTH_REQUIRED);
        }
    };

    /** The {@code Authorization} header value for the next request, or null for none. Never throws. */
    String header();

    /**
     * The headers that authorise one {@code method} request to {@code target}: {@code Authorization},
     * and with a DPoP-bound token a fresh {@code DPoP} proof for that method and URL. Never throws.
     */
    default Map<String, String> headers(String method, URI target) {
        String header = header();
        return header == null ? Map.of() : Map.of("Authorization", header);
    }

    /** The server named a {@code DPoP-Nonce} in an answer it did not refuse: proofs from now on carry it. */
    default void nonceOffered(String nonce) {}

    /**
     * The server refused a request (blocking: may run a whole authorization, bounded and
     * cancellable). Answers whether to send the request again, or why it fails.
     */
    Verdict rejected(Rejection rejection);

    /** Ends any authorization in progress. */
    @Override
    default void close() {}

    /**
     * One refusal: HTTP {@code status} (401 or 403), its {@code WWW-Authenticate} header (or null),
     * the {@code Authorization} header the request carried (or null), how many times this request
     * has been refused so far (1 for the first), the {@code DPoP} proof it carried (or null) and the
     * {@code DPoP-Nonce} of the refusal (or null).
     */
    record Rejection(int status, String challenge, String sentHeader, int attempt, String sentProof, String nonce) {
        public Rejection(int status, String challenge, String sentHeader, int attempt) {
            this(status, challenge, sentHeader, attempt, null, null);
        }
    }

    /**
     * Retry the request, or fail it with {@code reason} (readable, without credentials); {@code signIn}
     * when only a new sign-in by the user can let requests through again.
     */
    record Verdict(boolean retry, String reason, boolean signIn) {
        public static Verdict again() {
            return new Verdict(true, null, false);
        }

        public static Verdict fail(String reason) {
            return new Verdict(false, reason, false);
        }

        /** Fails the request because the user has to sign in again (a refresh token was refused). */
        public static Verdict signIn(String reason) {
            return new Verdict(false, reason, true);
        }
    }
}
