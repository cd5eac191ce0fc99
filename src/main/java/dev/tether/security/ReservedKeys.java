package dev.tether.security;

import java.util.Set;

/**
 * Names no key we pass on or accept may have: {@code __proto__}, {@code constructor} and
 * {@code prototype}. A server or editor written in JavaScript that copies such a key into an
 * object reaches the object's prototype instead of a field (prototype pollution), so a prompt
 * argument, a form field or an answer key with one of these names is refused, never renamed.
 *
 * @see <a href="https://developer.mozilla.org/en-US/docs/Web/Security/Attacks/Prototype_pollution">Prototype pollution</a>
 */
public final class ReservedKeys {
    private static final Set<String> NAMES = Set.of("__proto__", "constructor", "prototype");

    private ReservedKeys() {}

    /** Whether {@code key} is one of the reserved names; null is not. */
    public static boolean isReserved(String key) {
        return key != null && NAMES.contains(key);
    }
}
