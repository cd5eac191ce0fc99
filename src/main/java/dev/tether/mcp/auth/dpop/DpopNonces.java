package dev.tether.mcp.auth.dpop;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The latest {@code DPoP-Nonce} one server has named. A nonce is the server's untrusted text,
 * echoed back only to that server: it is kept only when it has the syntax RFC 9449 gives it
 * ({@code 1*NQCHAR}: visible ASCII without {@code "} or {@code \}) and at most
 * {@link #MAX_LENGTH} characters; anything else is ignored.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9449.html#section-8">RFC 9449 §8</a>
 */
public final class DpopNonces {
    /** The longest nonce kept: a nonce goes into every proof, and proofs into request headers. */
    public static final int MAX_LENGTH = 512;

    private final AtomicReference<String> latest = new AtomicReference<>();

    /** The nonce to put in the next proof, or null when the server named none. */
    public String latest() {
        return latest.get();
    }

    /** Keeps {@code nonce} as the latest when it is a valid nonce; answers whether it was kept. */
    public boolean offer(String nonce) {
        if (!valid(nonce)) {
            return false;
        }
        latest.set(nonce);
        return true;
    }

    /** Whether {@code nonce} is a nonce as RFC 9449 §8.1 writes one, within {@link #MAX_LENGTH}. */
    public static boolean valid(String nonce) {
        if (nonce == null || nonce.isEmpty() || nonce.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < nonce.length(); i++) {
            char c = nonce.charAt(i);
            if (c < 0x21 || c > 0x7e || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }
}
