package dev.tether.mcp.auth.api;

import dev.tether.base.Cancellation;
import java.net.URI;
import java.util.Map;

/**
 * Takes the user (or, headless, a script) through one OAuth authorization: it owns the
 * redirect endpoint, shows the authorization URL, and hands back what the redirect brought.
 * One prompt serves one authorization and is closed after it.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization">MCP authorization</a>
 */
public interface AuthorizationPrompt extends AutoCloseable {

    /** The {@code redirect_uri} to register and to send in the authorization and token requests. */
    URI redirectUri();

    /**
     * Shows {@code authorizationUrl} for {@code server} and waits (bounded, cancellable) for the
     * redirect with this {@code state}; returns its query parameters ({@code code}, {@code state},
     * {@code iss}, or {@code error}).
     *
     * @throws AuthException the user declined, the wait timed out, or the redirect never came
     */
    Map<String, String> authorize(String server, URI authorizationUrl, String state, Cancellation cancellation) throws AuthException;

    /** Stops the redirect endpoint. Idempotent. */
    @Override
    void close();

    /** Opens a prompt for one authorization. */
    @FunctionalInterface
    interface Factory {
        AuthorizationPrompt open(String server) throws AuthException;

        /**
         * Opens a prompt whose redirect URI has the path {@code redirectPath} (the path of a
         * registration being reused; null for any). A factory that cannot choose the path opens
         * one with its own, and the client is then registered again.
         */
        default AuthorizationPrompt open(String server, String redirectPath) throws AuthException {
            return open(server);
        }
    }
}
