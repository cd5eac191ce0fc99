package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.model.ModelException;
import dev.tether.model.ProviderSelection;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvidersTest {
    @Test
    void factoryRefusesMissingCredentialsWithoutBuildingAClient() {
        ModelException e = assertThrows(ModelException.class, () -> Providers.create(ProviderSelection.resolve(Map.of(), null),
                () -> { throw new AssertionError("no client should be built"); }));
        assertEquals(ModelException.Kind.AUTH, e.kind());
    }
}
