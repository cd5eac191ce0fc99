package dev.tether.mcp.auth.registration;

import dev.tether.mcp.auth.api.Secret;

/**
 * The client identity used at one authorization server: id, secret or key when it has one, and
 * how it authenticates at the token endpoint ({@code none}, {@code client_secret_basic},
 * {@code client_secret_post}, {@code private_key_jwt}).
 */
public record OAuthClient(String clientId, Secret secret, Secret privateKey, String authMethod) {}
