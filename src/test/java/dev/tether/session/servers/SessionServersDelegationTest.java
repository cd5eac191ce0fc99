package dev.tether.session.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SessionServers} wraps the running servers of a session; every default method of
 * {@link McpLauncher.Servers} it does not override would silently answer with the default (no
 * instructions, no prompts, …) instead of the running servers' answer. A method added to the
 * interface must be delegated too.
 */
class SessionServersDelegationTest {
    @Test
    void everyDefaultMethodOfServersIsDelegated() {
        List<String> missing = Arrays.stream(McpLauncher.Servers.class.getMethods())
                .filter(Method::isDefault)
                .filter(m -> !overridden(m))
                .map(Method::getName)
                .toList();
        assertEquals(List.of(), missing, "SessionServers must delegate these to the running servers");
    }

    private static boolean overridden(Method m) {
        try {
            SessionServers.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
