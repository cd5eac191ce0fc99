package dev.tether.session.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** New session ids are random version-4 UUIDs, all different, and valid ids (safe as file names). */
class SessionIdTest {
    @Test
    void newIdsAreDistinctRandomUuids() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            String id = SessionId.random().value();
            assertTrue(SessionId.isValid(id), id);
            UUID uuid = UUID.fromString(id);
            assertEquals(id, uuid.toString());
            assertEquals(4, uuid.version(), id);
            assertEquals(2, uuid.variant(), id);
            assertTrue(seen.add(id), "repeated: " + id);
        }
    }
}
