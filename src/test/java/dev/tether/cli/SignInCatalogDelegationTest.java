package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.session.ModelCatalog;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SignInCatalog} stands in for the provider catalog while the user may still sign in;
 * a default method of {@link ModelCatalog} it does not override (the first-turn warm-up, say)
 * would silently do nothing instead of reaching the real catalog.
 */
class SignInCatalogDelegationTest {
    @Test
    void everyDefaultMethodOfTheCatalogIsDelegated() {
        List<String> missing = Arrays.stream(ModelCatalog.class.getMethods())
                .filter(Method::isDefault)
                .filter(m -> {
                    try {
                        SignInCatalog.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
                        return false;
                    } catch (NoSuchMethodException e) {
                        return true;
                    }
                })
                .map(Method::getName)
                .toList();
        assertEquals(List.of(), missing, "SignInCatalog must delegate these to the current catalog");
    }
}
