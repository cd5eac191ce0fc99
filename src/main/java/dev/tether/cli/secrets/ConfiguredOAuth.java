package dev.tether.cli.secrets;

import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.transport.VariableExpansion;
import dev.tether.security.SecretRegistry;
import java.util.Map;

/**
 * The OAuth settings of the clients the user registered ahead of time ({@code "oauth"} in a
 * server's config), in one place for ACP sessions and {@code tether mcp login}: both sign in to a
 * server as the same client, so a credential one of them stores names the client the other uses.
 * Client secrets are expanded from the environment and registered as secrets; a workload identity
 * token is read when it is needed and masked everywhere from then on.
 */
public final class ConfiguredOAuth {
    private ConfiguredOAuth() {}

    public static OAuthSettings settings(TokenStore tokens, AuthorizationPrompt.Factory prompts, Map<String, McpServerPolicy> policies,
                                  Map<String, String> env, SecretRegistry secrets) {
        OAuthSettings settings = OAuthSettings.of(tokens, prompts);
        for (var entry : policies.entrySet()) {
            OAuthClientConfig client = entry.getValue().oauthClient();
            if (client != null) {
                settings = settings.withClient(entry.getKey(), resolved(client, env, secrets));
            }
        }
        return settings;
    }

    private static OAuthClientConfig resolved(OAuthClientConfig client, Map<String, String> env, SecretRegistry secrets) {
        Secret secret = null;
        if (client.clientSecret() != null) {
            String expanded = VariableExpansion.expand(client.clientSecret().value(), env);
            secrets.register(expanded);
            secret = Secret.ofNullable(expanded);
        }
        OAuthClientConfig.Grant grant = client.grant() instanceof OAuthClientConfig.Grant.JwtBearer wif
                ? new OAuthClientConfig.Grant.JwtBearer(wif.identity().resolve(env, secrets::register))
                : client.grant();
        return new OAuthClientConfig(client.clientId(), secret, null, null, grant);
    }
}
