package dev.tether.mcp.auth.api;

/**
 * An authorization that could not be done. The message is for the user and the model: it never
 * holds a token, a secret or a code.
 */
public final class AuthException extends Exception {
    private final boolean refusedByServer;

    public AuthException(String message) {
        this(message, false);
    }

    /** @param refusedByServer an authorization server answered and refused (not: it could not be reached) */
    public AuthException(String message, boolean refusedByServer) {
        super(message, null, false, false);
        this.refusedByServer = refusedByServer;
    }

    /** Whether an authorization server answered the request with a refusal (an OAuth error), rather than being unreachable. */
    public boolean refusedByServer() {
        return refusedByServer;
    }
}
