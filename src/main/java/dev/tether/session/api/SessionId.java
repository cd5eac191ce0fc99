package dev.tether.session.api;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.UUID;
import java.util.regex.Pattern;

/** An ACP session id. Only ids Tether made are valid, which keeps them safe as file names. */
public record SessionId(String value) {
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /**
     * A random (version 4) UUID. Its bits come from the kernel's random source, read directly where
     * there is one: the JDK's {@code SecureRandom} behind {@link UUID#randomUUID()} first sets up its
     * providers and seeds itself, milliseconds of CPU that would land on the first {@code session/new}
     * (docs/reference/performance.md). Elsewhere, or if that read fails, the JDK's.
     */
    public static SessionId random() {
        byte[] bits = new byte[16];
        try (InputStream in = new FileInputStream(URANDOM)) {
            if (in.readNBytes(bits, 0, bits.length) == bits.length) {
                bits[6] = (byte) (bits[6] & 0x0f | 0x40); // version 4
                bits[8] = (byte) (bits[8] & 0x3f | 0x80); // the IETF variant
                ByteBuffer buffer = ByteBuffer.wrap(bits);
                return new SessionId(new UUID(buffer.getLong(), buffer.getLong()).toString());
            }
        } catch (IOException e) {
            // No such device here: the JDK's generator below.
        }
        return new SessionId(UUID.randomUUID().toString());
    }

    private static final String URANDOM = "/dev/urandom";

    public static boolean isValid(String value) {
        return value != null && VALID.matcher(value).matches();
    }

    @Override
    public String toString() {
        return value;
    }

    // Written out: a record's generated equals and hashCode are bootstrapped through
    // invokedynamic (ObjectMethods) on first use, which the start-up cache does not hold; the first
    // session would pay for that set-up (about 9 ms) when it is put in the live sessions' map.
    @Override
    public boolean equals(Object other) {
        return other instanceof SessionId id && value.equals(id.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
