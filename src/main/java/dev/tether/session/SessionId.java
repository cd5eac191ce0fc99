package dev.tether.session;

import java.util.UUID;
import java.util.regex.Pattern;

/** An ACP session id. Only ids Tether made are valid, which keeps them safe as file names. */
public record SessionId(String value) {
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    public static SessionId random() {
        return new SessionId(UUID.randomUUID().toString());
    }

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
