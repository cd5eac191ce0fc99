package dev.tether.mcp.auth.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
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

    /** The SHA-256 of the value, in hex: recognises this secret again (a refused token, say) without keeping it. */
    public String digest() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "Secret[redacted]";
    }
}
