package dev.tether.conformance;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.api.WorkloadIdentity;
import dev.tether.mcp.auth.ledger.MemoryTokenStore;
import dev.tether.mcp.client.Stateful2025;
import dev.tether.mcp.client.Stateless2026;
import dev.tether.mcp.projection.McpTool;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.Part;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.Workspace;
import dev.tether.tools.local.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * The client under test for the MCP conformance suite's client scenarios
 * ({@code conformance client --command ...}): Tether's own {@link McpRuntime} over streamable
 * HTTP, driven the way the scenario named in {@code MCP_CONFORMANCE_SCENARIO} expects. The
 * server URL is the last argument. Exits 0 only when the flow succeeded; logs go to stderr.
 * Started by {@code scripts/mcp-conformance}, once per scenario and protocol version.
 *
 * <p>{@code MCP_CONFORMANCE_PROTOCOL_VERSION} is the revision the run is about. One that Tether's
 * probe would not choose by itself (2025-06-18, 2025-03-26) is pinned through the server's real
 * {@code protocolVersion} policy, and the flow fails unless the connection speaks it. 2025-11-25
 * and 2026-07-28 are left to the probe, so the suite exercises it: the runner passes 2025-11-25
 * by default too (to extension scenarios whose servers may speak 2026-07-28), and its own checks
 * judge the revision the client used.
 *
 * @see <a href="https://github.com/modelcontextprotocol/conformance">MCP conformance suite</a>
 */
public final class ConformanceClient {
    private static final String SERVER = "conformance";
    /** The client ID metadata document URL the suite expects (auth/basic-cimd). */
    private static final String CLIENT_METADATA_DOCUMENT = "https://conformance-test.local/client-metadata.json";
    /** The runner gives a client 30 s; connect and list well within it. */
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(20);

    private ConformanceClient() {}

    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.println("usage: ConformanceClient [...] <server-url>  (MCP_CONFORMANCE_SCENARIO names the scenario)");
            System.exit(2);
        }
        String scenario = System.getenv().getOrDefault("MCP_CONFORMANCE_SCENARIO", "");
        int code;
        try {
            run(scenario, args[args.length - 1]);
            System.err.println("conformance: " + scenario + ": flow completed");
            code = 0;
        } catch (FlowFailed | ToolError e) {
            System.err.println("conformance: " + scenario + ": " + e.getMessage());
            code = 1;
        }
        System.exit(code);
    }

    private static void run(String scenario, String url) throws ToolError {
        String pinned = pin(System.getenv("MCP_CONFORMANCE_PROTOCOL_VERSION"));
        McpRuntimeOptions options = McpRuntimeOptions.defaults(Path.of("").toAbsolutePath(), System.getenv())
                .withConnectTimeout(STARTUP_TIMEOUT)
                .withPolicies(Map.of(SERVER, policy(scenario, pinned)))
                .withHost(new SchemaDefaultsHost())
                .withOAuth(oauth(scenario, System.getenv("MCP_CONFORMANCE_CONTEXT")));
        McpServerSpec spec = new McpServerSpec.Http(SERVER, url, Map.of());
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), options, McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            List<Tool> tools = runtime.awaitTools(STARTUP_TIMEOUT, Cancellation.root());
            ServerStatus status = runtime.status().getFirst();
            if (status.state() != ServerStatus.State.READY) {
                throw new FlowFailed("server not ready (" + status.state() + "): " + status.reason());
            }
            System.err.println("conformance: connected, protocol " + status.protocolVersion() + ", tools "
                    + tools.stream().map(ConformanceClient::rawName).toList());
            if (pinned != null && !pinned.equals(status.protocolVersion())) {
                throw new FlowFailed("the run is for MCP " + pinned + " but the connection speaks " + status.protocolVersion());
            }
            switch (scenario) {
                case "initialize" -> { }
                case "tools_call" -> expectText(call(tools, "add_numbers", Json.parse("{\"a\":2,\"b\":3}")), "The sum of 2 and 3 is 5");
                case "elicitation-sep1034-client-defaults" ->
                        expectText(call(tools, "test_client_elicitation_defaults", Json.object()), "Elicitation completed");
                case "sse-retry" -> call(tools, "test_reconnection", Json.object());
                // Multi round-trip requests: every tool, at once, so their rounds interleave.
                case "sep-2322-client-request-state" -> callAllAtOnce(tools);
                case "json-schema-2020-12-preservation" -> SchemaScenarios.echoProjectedSchema(tools);
                case "json-schema-ref-no-deref" -> SchemaScenarios.checkWithoutFetching(tools);
                // Every tool called, every resource read and every prompt got, as the model and the user would:
                // the headers of each request are checked.
                case "http-standard-headers" -> {
                    for (Tool tool : tools) {
                        if (tool instanceof McpTool) {
                            call(tools, rawName(tool), Json.object());
                        }
                    }
                    ContentScenarios.readEverything(runtime, tools, SERVER);
                }
                case "sep-2640-client-no-prefetch" -> SkillScenarios.run(runtime, false);
                case "sep-2640-client-verify-digest", "sep-2640-client-verify-size", "sep-2640-client-verify-frontmatter" ->
                        SkillScenarios.run(runtime, true);
                default -> {
                    if (callsFromContext(tools, System.getenv("MCP_CONFORMANCE_CONTEXT"))) {
                        return;
                    }
                    if (!tools.isEmpty()) {
                        call(tools, rawName(tools.getFirst()), Json.object());
                    }
                }
            }
        }
    }

    /**
     * The server's policy for the run: pinned to the run's revision where the probe would not reach
     * it, and for {@code request-metadata} the roots and sampling granted, as a user who enabled both
     * for the server would, so that the client declares every capability whose shape the scenario
     * checks (the host answers roots with none and refuses each sampling request).
     */
    static McpServerPolicy policy(String scenario, String pinned) {
        McpServerPolicy p = TestSettings.pinnedTo(pinned);
        boolean grant = scenario.equals("request-metadata");
        return new McpServerPolicy(p.toolHints(), p.allowTools(), p.denyTools(), p.callTimeouts(), grant, grant, p.logLevel(),
                p.oauthClient(), p.trustAnnotations(), p.tasks(), p.healthCheckSeconds(), p.instructions(), p.protocolVersion());
    }

    /**
     * The {@code protocolVersion} to pin for a run about {@code requested}: null (probe) for none
     * and for the revisions the probe reaches by itself, the version otherwise.
     */
    static String pin(String requested) {
        if (requested == null || requested.isBlank() || requested.equals(Stateless2026.VERSION)
                || requested.equals(Stateful2025.VERSION)) {
            return null;
        }
        if (!Stateless2026.VERSIONS.contains(requested) && !Stateful2025.VERSIONS.contains(requested)) {
            throw new FlowFailed("Tether does not speak MCP " + requested);
        }
        return requested;
    }

    /**
     * OAuth with an in-memory store, the headless prompt, the suite's client ID metadata document
     * URL, and the client its context describes: a machine client (client credentials, with a
     * secret or an ES256 key), a cross-app-access client, a workload with an identity token, or a
     * pre-registered one.
     */
    static OAuthSettings oauth(String scenario, String context) {
        OAuthSettings settings = new OAuthSettings(new MemoryTokenStore(), server -> new HeadlessPrompt(), Map.of(),
                CLIENT_METADATA_DOCUMENT, "Tether");
        if (context == null || context.isBlank()) {
            return settings;
        }
        JsonNode c = Json.parse(context);
        String clientId = c.path("client_id").asString(null);
        if (clientId == null) {
            return settings;
        }
        Secret secret = Secret.ofNullable(c.path("client_secret").asString(null));
        OAuthClientConfig client;
        if (c.has("private_key_pem")) {
            client = new OAuthClientConfig(clientId, null, new Secret(c.path("private_key_pem").asString()), "private_key_jwt",
                    new OAuthClientConfig.Grant.ClientCredentials());
        } else if (c.has("idp_id_token")) {
            client = new OAuthClientConfig(clientId, secret, null, "client_secret_basic",
                    new OAuthClientConfig.Grant.CrossApp(c.path("idp_token_endpoint").asString(),
                            c.path("idp_client_id").asString(), new Secret(c.path("idp_id_token").asString())));
        } else if (c.has("valid_jwt")) {
            // Workload identity federation: the token comes from a variable, as a deployment would configure it.
            WorkloadIdentity workload = WorkloadIdentity.fromEnv("WORKLOAD_IDENTITY_TOKEN", null)
                    .resolve(Map.of("WORKLOAD_IDENTITY_TOKEN", c.path("valid_jwt").asString()), token -> { });
            client = new OAuthClientConfig(clientId, secret, null, null, new OAuthClientConfig.Grant.JwtBearer(workload));
        } else if (scenario.startsWith("auth/client-credentials")) {
            client = new OAuthClientConfig(clientId, secret, null, null, new OAuthClientConfig.Grant.ClientCredentials());
        } else {
            client = OAuthClientConfig.of(clientId, secret);
        }
        return settings.withClient(SERVER, client);
    }

    static String call(List<Tool> tools, String name, JsonNode arguments) throws ToolError {
        Tool tool = tools.stream().filter(t -> name.equals(rawName(t))).findFirst()
                .orElseThrow(() -> new FlowFailed("the server lists no tool \"" + name + "\""));
        ToolContext context = new ToolContext("call-1", new Workspace(Path.of("").toAbsolutePath(), List.of()),
                new ToolPorts(LocalFileSystem.INSTANCE, null, entries -> { }), content -> { }, Cancellation.root());
        ToolOutcome outcome = tool.run(arguments, context);
        String text = outcome.forModel().stream()
                .map(part -> part instanceof Part.Text t ? t.text() : "")
                .collect(Collectors.joining("\n"));
        System.err.println("conformance: " + name + " answered" + (outcome.isError() ? " (isError)" : "") + ": " + text);
        if (outcome.isError()) {
            throw new FlowFailed(name + " answered with an error: " + text);
        }
        return text;
    }

    /** The calls a scenario names in its context ({@code toolCalls}: name and arguments), made in order. */
    private static boolean callsFromContext(List<Tool> tools, String context) {
        JsonNode calls = context == null || context.isBlank() ? null : Json.parse(context).get("toolCalls");
        if (calls == null || !calls.isArray() || calls.isEmpty()) {
            return false;
        }
        for (JsonNode planned : calls) {
            try {
                call(tools, planned.path("name").asString(""), planned.get("arguments") == null ? Json.object() : planned.get("arguments"));
            } catch (ToolError | RuntimeException e) {
                System.err.println("conformance: " + planned.path("name").asString("") + ": " + e.getMessage());
            }
        }
        return true;
    }

    private static void callAllAtOnce(List<Tool> tools) {
        List<Thread> threads = tools.stream().map(tool -> Thread.ofVirtual().start(() -> {
            try {
                call(tools, rawName(tool), Json.object());
            } catch (ToolError | RuntimeException e) {
                System.err.println("conformance: " + rawName(tool) + ": " + e.getMessage());
            }
        })).toList();
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void expectText(String text, String prefix) {
        if (!text.startsWith(prefix)) {
            throw new FlowFailed("expected an answer starting with \"" + prefix + "\", got \"" + text + "\"");
        }
    }

    static String rawName(Tool tool) {
        return tool instanceof McpTool mcp ? mcp.rawName() : tool.definition().name();
    }

    /** The scenario's flow could not be completed; the message says where. */
    static final class FlowFailed extends RuntimeException {
        FlowFailed(String message) {
            super(message);
        }
    }
}
