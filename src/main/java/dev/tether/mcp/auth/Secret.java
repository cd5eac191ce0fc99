package dev.tether.mcp.auth;

import java.util.Objects;

/**
 * A credential (token, client secret, private key, ID token). Its {@code toString} never shows the
 * value, so a secret that lands in a log line, an error or a record dump stays hidden.
 */
public record Secret(String value) {
    public Secret {
        Objects.requireNonNull(value, "value");
    }

    /** {@code value} as a secret, or null when it is null or empty. */
    public static Secret ofNullable(String value) {
        return value == null || value.isEmpty() ? null : new Secret(value);
    }

    @Override
    public String toString() {
        return "Secret[redacted]";
    }
}
