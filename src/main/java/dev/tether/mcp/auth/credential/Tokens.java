package dev.tether.mcp.auth.credential;

import dev.tether.mcp.auth.api.Secret;
import java.time.Instant;

/**
 * A token answer: access token, optional refresh token, expiry (null when unknown), granted scope,
 * and for a DPoP-bound token (RFC 9449 §5, {@code token_type} DPoP) the thumbprint of the key it
 * is bound to; null for a Bearer token.
 */
public record Tokens(Secret access, Secret refresh, Instant expiresAt, String scope, String dpopJkt) {

    public Tokens(Secret access, Secret refresh, Instant expiresAt, String scope) {
        this(access, refresh, expiresAt, scope, null);
    }

    /** Whether the access token is DPoP-bound: it is presented as {@code DPoP}, never as {@code Bearer}. */
    public boolean dpopBound() {
        return dpopJkt != null;
    }

    public boolean expiresWithin(java.time.Duration margin, Instant now) {
        return expiresAt != null && now.plus(margin).isAfter(expiresAt);
    }

    /** These tokens after a refresh answered {@code next}: a refresh token that was not rotated is kept. */
    public Tokens refreshedTo(Tokens next) {
        return new Tokens(next.access(), next.refresh() != null ? next.refresh() : refresh,
                next.expiresAt(), next.scope() != null ? next.scope() : scope, next.dpopJkt());
    }
}
