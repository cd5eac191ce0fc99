package dev.tether.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The three prototype names are reserved, exactly as written; nothing else is. */
class ReservedKeysTest {
    @Test
    void onlyThePrototypeNamesAreReserved() {
        List<String> keys = List.of("__proto__", "constructor", "prototype", "Constructor", "proto", "__proto", "id", "");
        assertEquals(List.of("__proto__", "constructor", "prototype"), keys.stream().filter(ReservedKeys::isReserved).toList());
    }

    @Test
    void aMissingKeyIsNotReserved() {
        assertEquals(false, ReservedKeys.isReserved(null));
    }
}
