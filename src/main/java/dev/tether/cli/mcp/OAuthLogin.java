package dev.tether.cli.mcp;

import dev.tether.base.Cancellation;
import dev.tether.cli.secrets.ConfiguredOAuth;
import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.security.SecretRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code tether mcp login <server>}: connects to the server once with OAuth on, which runs
 * discovery, registration and the grant as a 401 demands, and keeps the result in the given store
 * (the host ledger). It reads the settings a session reads, so it signs in as the client the user
 * configured for the server ({@code "oauth"}: a pre-registered id and secret, a workload identity)
 * and connects as a session would (pinned revision, proxies, trust).
 */
final class OAuthLogin implements McpCommand.Authorizer {
    /** A person signs in in a browser: give the whole connect that long. */
    static final Duration SIGN_IN_TIMEOUT = Duration.ofMinutes(5);

    private final Map<String, String> env;
    private final Path workingDir;

    OAuthLogin(Map<String, String> env) {
        this(env, Path.of("").toAbsolutePath());
    }

    OAuthLogin(Map<String, String> env, Path workingDir) {
        this.env = env;
        this.workingDir = workingDir;
    }

    @Override
    public void login(String server, McpServerSpec.Http spec, AuthorizationPrompt.Factory prompts, TokenStore store) throws AuthException {
        TetherSettings settings = SettingsLoader.load(new String[0], env, workingDir);
        SecretRegistry secrets = ProcessSecrets.of(settings);
        var policies = settings.mcp().declared().policies();
        McpRuntimeOptions options = settings.mcp().runtime()
                .apply(McpRuntimeOptions.defaults(workingDir, secrets.withoutSecretValues(settings.environment())))
                .withPolicies(policies)
                .withConnectTimeout(SIGN_IN_TIMEOUT)
                .withOAuth(ConfiguredOAuth.settings(store, prompts, policies, settings.environment(), secrets));
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), options, McpRuntimeListener.NONE,
                settings.mcp().runtime().connectionSettings().withNetwork(settings.network()))) {
            runtime.awaitTools(SIGN_IN_TIMEOUT.plusSeconds(30), Cancellation.root());
            ServerStatus status = runtime.status().getFirst();
            if (status.state() != ServerStatus.State.READY) {
                throw new AuthException("could not sign in to " + server + ": "
                        + (status.reason() == null ? "the server is " + status.state().name().toLowerCase(Locale.ROOT) : status.reason()));
            }
        }
    }
}
