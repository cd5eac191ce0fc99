package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.transport.VariableExpansion;
import dev.tether.model.Part;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariableExpansionTest {
    private static final McpServerSpec.Origin USER = McpServerSpec.Origin.USER_CONFIG;

    @Test
    void variablesAndDefaultsExpandAndEachUndefinedOneIsReportedOnce() {
        McpServerSpec spec = new McpServerSpec.Stdio("s", "${BIN:-/usr/bin/server}",
                List.of("--token=${TOKEN}", "--missing=${NOPE}", "${NOPE}${ALSO_NOPE:-dflt}", "$HOME", "${EMPTY:-fallback}"),
                Map.of("KEY", "${TOKEN}-${NOPE}"), null, USER);
        VariableExpansion.Result result = VariableExpansion.expand(spec, Map.of("TOKEN", "t0k", "EMPTY", ""));
        assertEquals(new McpServerSpec.Stdio("s", "/usr/bin/server",
                List.of("--token=t0k", "--missing=", "dflt", "$HOME", "fallback"), Map.of("KEY", "t0k-"), null, USER), result.spec());
        assertEquals(List.of("NOPE"), result.undefined());

        McpServerSpec http = new McpServerSpec.Http("h", "https://${HOST:-example.com}/mcp", Map.of("X-Api-Key", "${TOKEN}"), USER);
        assertEquals(new McpServerSpec.Http("h", "https://example.com/mcp", Map.of("X-Api-Key", "t0k"), USER),
                VariableExpansion.expand(http, Map.of("TOKEN", "t0k")).spec());
    }

    @Test
    void theEditorsServersAreUsedLiterally() {
        McpServerSpec http = new McpServerSpec.Http("h", "https://${HOST:-example.com}/mcp", Map.of("X-Api-Key", "${TOKEN}"));
        VariableExpansion.Result result = VariableExpansion.expand(http, Map.of("TOKEN", "t0k"));
        assertEquals(http, result.spec());
        assertEquals(List.of(), result.undefined());
    }

    @Test
    void tethersOwnCredentialsNeverExpandNotEvenToTheirDefault() {
        McpServerSpec spec = new McpServerSpec.Stdio("s", "server", List.of("--k=${ANTHROPIC_API_KEY}", "${TETHER_X:-d}"),
                Map.of("O", "${OPENAI_API_KEY:-fallback}", "MINE", "${MY_VAR}"), null, USER);
        VariableExpansion.Result result = VariableExpansion.expand(spec, Map.of("ANTHROPIC_API_KEY", "sk-ant-secret-value",
                "OPENAI_API_KEY", "sk-openai-secret", "TETHER_X", "x", "MY_VAR", "mine"));
        assertEquals(new McpServerSpec.Stdio("s", "server", List.of("--k=", ""), Map.of("O", "", "MINE", "mine"), null, USER),
                result.spec());
        assertEquals(List.of("ANTHROPIC_API_KEY", "TETHER_X", "OPENAI_API_KEY"), result.refused());
    }

    @Test
    void aServerSeesTheExpandedValueOfADeclaredVariable() throws Exception {
        McpServerSpec.Stdio base = fake("envy");
        McpServerSpec.Stdio spec = new McpServerSpec.Stdio("envy", base.command(), base.args(),
                Map.of("FOO", "${MY_TEST_SECRET}/${UNSET_VAR:-d}"), null, USER);
        McpRuntimeOptions opts = options(Map.of("MY_TEST_SECRET", "s3cret", "PATH", "/usr/bin:/bin"));
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), opts, McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            var tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            var out = tool(tools, "mcp__envy__env").run(Json.object(), context("c1", Cancellation.root(), null));
            String text = ((Part.Text) out.forModel().getFirst()).text();
            assertTrue(text.endsWith("FOO=s3cret/d"), text);
            assertTrue(!text.contains("MY_TEST_SECRET"), "the host variable itself is not passed on: " + text);
        }
    }
}
