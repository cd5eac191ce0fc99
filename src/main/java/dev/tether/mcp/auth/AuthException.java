package dev.tether.mcp.auth;

/**
 * An authorization that could not be done. The message is for the user and the model: it never
 * holds a token, a secret or a code.
 */
public final class AuthException extends Exception {
    public AuthException(String message) {
        super(message, null, false, false);
    }
}
