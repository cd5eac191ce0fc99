package dev.tether.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.config.sources.PolicyBindings;
import dev.tether.mcp.api.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tether mcp rebind <name>}: gives a policy-only entry to the editor's server a session refused it to. */
class RebindCommandTest {
    @TempDir
    Path dir;

    @Test
    void rebindBindsTheEntryToTheLastRefusedServerAndSaysWhich() throws Exception {
        McpCliRun cli = new McpCliRun(dir, Files.createDirectories(dir.resolve("project")), Map.of());
        assertEquals(0, cli.run("rebind", "helper"));
        assertEquals("Nothing to rebind: no editor's server named \"helper\" was refused your entry's policy since it was bound.\n", cli.out());

        PolicyBindings bindings = new PolicyBindings(dir.resolve("state/tether/mcp-policy-bindings.json"));
        bindings.bindFirst("helper", PolicyBindings.identity(new McpServerSpec.Stdio("helper", "old", List.of(), Map.of(), null)));
        PolicyBindings.Identity changed = PolicyBindings.identity(new McpServerSpec.Stdio("helper", "new", List.of("--x"), Map.of(), null));
        bindings.refused("helper", changed);

        assertEquals(0, cli.run("rebind", "helper"));
        assertEquals("Your entry for \"helper\" now belongs to `stdio: new --x`; new sessions give that server what the entry grants.\n",
                cli.out());
        assertEquals("stdio: new --x", bindings.binding("helper").orElseThrow().identity().key());

        assertEquals(2, cli.run("rebind"));
        assertEquals(RebindCommand.USAGE + "\n", cli.err());
    }
}
