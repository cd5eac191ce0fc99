package dev.tether.mcp.auth;

import java.time.Instant;

/** A token answer: access token, optional refresh token, expiry (null when unknown) and granted scope. */
record Tokens(Secret access, Secret refresh, Instant expiresAt, String scope) {

    boolean expiresWithin(java.time.Duration margin, Instant now) {
        return expiresAt != null && now.plus(margin).isAfter(expiresAt);
    }

    /** These tokens after a refresh answered {@code next}: a refresh token that was not rotated is kept. */
    Tokens refreshedTo(Tokens next) {
        return new Tokens(next.access(), next.refresh() != null ? next.refresh() : refresh,
                next.expiresAt(), next.scope() != null ? next.scope() : scope);
    }
}
