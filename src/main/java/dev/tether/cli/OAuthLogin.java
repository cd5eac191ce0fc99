package dev.tether.cli;

import dev.tether.base.Cancellation;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.McpRuntimeOptions;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.auth.AuthException;
import dev.tether.mcp.auth.AuthorizationPrompt;
import dev.tether.mcp.auth.OAuthSettings;
import dev.tether.mcp.auth.TokenStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code tether mcp login <server>}: connects to the server once with OAuth on, which runs
 * discovery, registration and the authorization code flow as a 401 demands, and keeps the
 * result in the given store (the host ledger).
 */
final class OAuthLogin implements McpCommand.Authorizer {
    /** A person signs in in a browser: give the whole connect that long. */
    static final Duration SIGN_IN_TIMEOUT = Duration.ofMinutes(5);

    private final Map<String, String> env;

    OAuthLogin(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public void login(String server, McpServerSpec.Http spec, AuthorizationPrompt.Factory prompts, TokenStore store) throws AuthException {
        McpRuntimeOptions options = McpRuntimeOptions.defaults(Path.of("").toAbsolutePath(), env)
                .withConnectTimeout(SIGN_IN_TIMEOUT).withOAuth(OAuthSettings.of(store, prompts));
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), options, McpRuntimeListener.NONE)) {
            runtime.awaitTools(SIGN_IN_TIMEOUT.plusSeconds(30), Cancellation.root());
            ServerStatus status = runtime.status().getFirst();
            if (status.state() != ServerStatus.State.READY) {
                throw new AuthException("could not sign in to " + server + ": "
                        + (status.reason() == null ? "the server is " + status.state().name().toLowerCase(java.util.Locale.ROOT) : status.reason()));
            }
        }
    }
}
