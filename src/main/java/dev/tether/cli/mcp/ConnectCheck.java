package dev.tether.cli.mcp;

import dev.tether.base.Cancellation;
import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.TetherSettings;
import dev.tether.config.sources.PolicyGrants;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpRuntimeOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether mcp list --check}: one bounded attempt to connect to each server that would start
 * (never to one that waits for approval, was rejected, is blocked or disabled), through the same MCP
 * runtime a session uses, with the same environment (secret values withheld) and network settings,
 * but no OAuth sign-in: a server that needs one is reported as such. Every attempt shares one
 * deadline, {@code mcp.connectTimeoutSeconds} (default {@link #DEFAULT_TIMEOUT}); then every
 * server is closed.
 */
public final class ConnectCheck {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);

    /** What the attempt found: {@code state} (connected, failed, needs-sign-in, timed-out), tools, error. */
    public record Result(String state, int tools, String error) {
        public ObjectNode json() {
            ObjectNode node = Json.object().put("state", state).put("tools", tools);
            return error == null ? node : node.put("error", error);
        }

        public String text() {
            return switch (state) {
                case "connected" -> "connected (" + tools + (tools == 1 ? " tool)" : " tools)");
                case "needs-sign-in" -> "needs sign-in (tether mcp login)";
                default -> state.replace('-', ' ') + (error == null ? "" : ": " + error);
            };
        }
    }

    private ConnectCheck() {}

    public static Map<String, Result> run(List<McpServerSpec> servers, TetherSettings settings, Path workingDir) {
        Map<String, Result> results = new LinkedHashMap<>();
        if (servers.isEmpty()) {
            return results;
        }
        Integer seconds = settings.mcp().runtime().connectTimeoutSeconds();
        Duration timeout = seconds == null ? DEFAULT_TIMEOUT : Duration.ofSeconds(seconds);
        Map<String, String> hostEnv = ProcessSecrets.of(settings).withoutSecretValues(settings.environment());
        McpRuntimeOptions options = settings.mcp().runtime().apply(McpRuntimeOptions.defaults(workingDir, hostEnv)
                .withPolicies(PolicyGrants.of(settings.mcp(), settings.paths(), hostEnv).forSession(servers)))
                .withConnectTimeout(timeout);
        try (McpRuntime runtime = McpRuntime.start(servers, options, McpRuntimeListener.NONE,
                settings.mcp().runtime().connectionSettings().withNetwork(settings.network()))) {
            try {
                runtime.awaitTools(timeout, Cancellation.root());
            } catch (RuntimeException e) {
                // A barrier that gave up still leaves each server's status to report.
            }
            for (ServerStatus status : runtime.status()) {
                results.put(status.name(), switch (status.state()) {
                    case READY -> new Result("connected", status.toolCount(), null);
                    case NEEDS_AUTH -> new Result("needs-sign-in", 0, status.reason());
                    case CONNECTING, RECOVERING -> new Result("timed-out", 0, "no answer within " + timeout.toSeconds() + " s");
                    case FAILED -> new Result("failed", 0, status.reason());
                    case DISCONNECTED -> new Result("disconnected", 0, status.reason());
                });
            }
        }
        return results;
    }
}
