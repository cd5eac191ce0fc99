package dev.tether.config;

import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.Part;
import dev.tether.model.ProviderSettings;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.http.ModelHttp;
import dev.tether.model.openai.OpenAiProvider;
import dev.tether.testing.mcp.WebSocketMcpServer;
import dev.tether.testing.model.RecordingEvents;
import dev.tether.testing.model.ScriptedModelServer;
import dev.tether.testing.net.RecordingProxy;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code HTTP_PROXY} / {@code http_proxy} / {@code NO_PROXY} from Tether's environment reach the
 * model provider's client and the MCP runtime's: requests to hosts that resolve nowhere arrive
 * through a recording proxy on 127.0.0.1 (which maps every host to 127.0.0.1), and destinations
 * that {@code NO_PROXY} or loopback exempt never touch it.
 */
class ProxySettingsTest {
    private static final ModelRequest HI = new ModelRequest(null, null, List.of(ModelMessage.user(List.of(new Part.Text("hi")))),
            List.of(), 100, ThinkingLevel.OFF);

    @TempDir
    Path home;

    private TetherSettings settings(Map<String, String> proxyEnv) {
        Map<String, String> env = new java.util.HashMap<>(proxyEnv);
        env.put("HOME", home.toString());
        return SettingsLoader.resolve(Json.object(), env, SettingsLoader.CommandLine.NONE, TetherPaths.from(env));
    }

    private static OpenAiProvider model(String baseUrl, TetherSettings settings) {
        ProviderSettings openai = new ProviderSettings("openai", "gpt-4o-mini", null, null, null, null, null, baseUrl, true, null, 100);
        return new OpenAiProvider(openai, ModelHttp.newClient(settings.network()));
    }

    private static int port(String url) {
        return URI.create(url).getPort();
    }

    @Test
    void theModelRequestAndTheMcpConnectionGoThroughTheProxy() throws Exception {
        try (RecordingProxy proxy = new RecordingProxy();
             ScriptedModelServer modelServer = ScriptedModelServer.start().sse("openai-final.sse");
             WebSocketMcpServer mcpServer = new WebSocketMcpServer()) {
            TetherSettings settings = settings(Map.of("http_proxy", proxy.url(), "HTTP_PROXY", "http://127.0.0.1:9"));
            int modelPort = port(modelServer.baseUrl());
            ModelResponse answer = model("http://model.tether.test:" + modelPort + "/v1/", settings)
                    .stream(HI, new RecordingEvents(), Cancellation.root());
            assertEquals(List.of(new Part.Text("There are two files.")), answer.message().parts());

            int mcpPort = port(mcpServer.url());
            McpServerSpec spec = new McpServerSpec.WebSocket("corp", "ws://mcp.tether.test:" + mcpPort + "/mcp", Map.of());
            try (McpRuntime runtime = McpRuntime.start(List.of(spec), options(), McpRuntimeListener.NONE,
                    McpConnectionSettings.DEFAULT.withNetwork(settings.network()))) {
                assertEquals(3, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size());
            }
            assertEquals(List.of("POST http://model.tether.test:" + modelPort + "/v1/chat/completions HTTP/1.1",
                    "CONNECT mcp.tether.test:" + mcpPort + " HTTP/1.1"), proxy.requests(),
                    "the lower-case http_proxy won over HTTP_PROXY, and both requests went through it");
        }
    }

    @Test
    void loopbackAndNoProxyDestinationsGoDirect() throws Exception {
        try (RecordingProxy proxy = new RecordingProxy();
             ScriptedModelServer modelServer = ScriptedModelServer.start().sse("openai-final.sse")) {
            TetherSettings settings = settings(Map.of("HTTP_PROXY", proxy.url(), "NO_PROXY", "intranet.tether.test"));
            ModelResponse answer = model(modelServer.baseUrl() + "/v1/", settings).stream(HI, new RecordingEvents(), Cancellation.root());
            assertEquals(List.of(new Part.Text("There are two files.")), answer.message().parts(), "loopback is reached directly");

            ModelException unreachable = assertThrows(ModelException.class, () ->
                    model("http://intranet.tether.test:" + port(modelServer.baseUrl()) + "/v1/", settings)
                            .stream(HI, new RecordingEvents(), Cancellation.root()));
            assertEquals(ModelException.Kind.NETWORK, unreachable.kind(), unreachable.getMessage());
            assertTrue(unreachable.getMessage().contains("cannot reach http://intranet.tether.test"), unreachable.getMessage());
            assertEquals(List.of(), proxy.requests(), "NO_PROXY and loopback destinations never touch the proxy");
        }
    }
}
