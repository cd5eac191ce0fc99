package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.config.SettingsLoader;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ProviderSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvidersTest {
    @Test
    void factoryRefusesMissingCredentialsWithoutBuildingAClient() {
        ModelException e = assertThrows(ModelException.class, () -> Providers.create(noProvider(),
                () -> { throw new AssertionError("no client should be built"); }));
        assertEquals(ModelException.Kind.AUTH, e.kind());
    }

    /** What an empty environment and config file choose: no provider. */
    private static ProviderSettings noProvider() {
        Map<String, String> env = Map.of("HOME", "/nonexistent");
        return SettingsLoader.resolve(Json.object(), env, SettingsLoader.CommandLine.NONE, TetherPaths.from(env)).model().provider();
    }
}
