package dev.tether.mcp.auth.grant;

import dev.tether.base.Cancellation;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthHttp;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.api.WorkloadIdentity;
import dev.tether.mcp.auth.credential.Credential;
import dev.tether.mcp.auth.credential.CredentialKeeper;
import dev.tether.mcp.auth.credential.Tokens;
import dev.tether.mcp.auth.discovery.Discovery;
import dev.tether.mcp.auth.discovery.ServerMetadata;
import dev.tether.mcp.auth.discovery.WwwAuthenticate;
import dev.tether.mcp.auth.registration.ClientIdentity;
import dev.tether.mcp.auth.registration.OAuthClient;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The grants that authorise Tether at one server's authorization server: authorization code with
 * PKCE (through the user's browser), client credentials, cross-app access (an identity
 * provider's ID-JAG exchanged for an access token) and workload identity (the workload's own
 * identity token). Each ends in a new {@link Credential}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#authorization-flow-steps">MCP authorization flow</a>
 */
public final class Grants {
    static final String TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
    static final String JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
    static final String ID_JAG = "urn:ietf:params:oauth:token-type:id-jag";
    static final String ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";

    private final String server;
    private final OAuthSettings settings;
    private final ClientIdentity identity;
    private final TokenEndpoint tokenEndpoint;
    private final CredentialKeeper keeper;

    public Grants(String server, OAuthSettings settings, ClientIdentity identity, TokenEndpoint tokenEndpoint, CredentialKeeper keeper) {
        this.server = server;
        this.keeper = keeper;
        this.settings = settings;
        this.identity = identity;
        this.tokenEndpoint = tokenEndpoint;
    }

    /**
     * The challenge's scope, else everything the resource lists, else none. {@code offline_access}
     * is added for a refresh token only where the authorization server offers it.
     */
    public static String scope(WwwAuthenticate challenge, Discovery.Found found, OAuthClientConfig.Grant grant) {
        String scope = challenge.scope();
        if (scope == null && found.resourceScopes() != null && !found.resourceScopes().isEmpty()) {
            scope = String.join(" ", found.resourceScopes());
        }
        List<String> offered = found.server().scopesSupported();
        if (scope != null && grant instanceof OAuthClientConfig.Grant.AuthorizationCode
                && offered != null && offered.contains("offline_access")
                && !Arrays.asList(scope.split(" ")).contains("offline_access")) {
            scope = scope + " offline_access";
        }
        return scope;
    }

    /**
     * The scopes of {@code previous} and then those of {@code next} not already in it (SEP-2350: a
     * step-up asks for what was granted plus what the server challenges for, so the new token does
     * not lose the earlier scopes); either may be null.
     */
    public static String union(String previous, String next) {
        if (previous == null || previous.isBlank()) {
            return next;
        }
        if (next == null || next.isBlank()) {
            return previous;
        }
        java.util.Set<String> all = new java.util.LinkedHashSet<>(Arrays.asList(previous.trim().split(" +")));
        all.addAll(Arrays.asList(next.trim().split(" +")));
        return String.join(" ", all);
    }

    /** Runs {@code grant} for {@code scope} at the authorization server {@code found}; a browser sign-in ends with {@code lifetime}. */
    public Credential obtain(Discovery.Found found, String scope, OAuthClientConfig.Grant grant, Cancellation lifetime)
            throws AuthException {
        return switch (grant) {
            case OAuthClientConfig.Grant.AuthorizationCode code -> authorizationCode(found, scope, lifetime);
            case OAuthClientConfig.Grant.ClientCredentials cc -> clientCredentials(found, scope);
            case OAuthClientConfig.Grant.CrossApp xaa -> crossApp(found, scope, xaa);
            case OAuthClientConfig.Grant.JwtBearer wif -> workload(found, scope, wif.identity());
        };
    }

    private Credential authorizationCode(Discovery.Found found, String scope, Cancellation lifetime) throws AuthException {
        ServerMetadata as = found.server();
        if (as.codeChallengeMethods() == null || !as.codeChallengeMethods().contains("S256")) {
            throw new AuthException("the authorization server " + as.issuer() + " does not offer PKCE with S256; refusing it");
        }
        if (as.authorizationEndpoint() == null) {
            throw new AuthException("the authorization server " + as.issuer() + " publishes no authorization endpoint");
        }
        URI endpoint = AuthHttp.checked(as.authorizationEndpoint(), "the authorization endpoint");
        if (settings.prompts() == null) {
            throw new AuthException("signing in needs a browser, and this session cannot show one");
        }
        // A registration reused from an earlier sign-in keeps its redirect path: only the loopback
        // port may change (RFC 8252 §7.3), and a server that matches redirect URIs exactly refuses any other path.
        try (AuthorizationPrompt prompt = settings.prompts().open(server, identity.registeredRedirectPath(as).orElse(null))) {
            String redirect = prompt.redirectUri().toString();
            OAuthClient client = identity.resolve(as, redirect);
            Pkce pkce = Pkce.create();
            String state = Pkce.random(24);
            Map<String, String> query = new LinkedHashMap<>();
            query.put("response_type", "code");
            query.put("client_id", client.clientId());
            query.put("redirect_uri", redirect);
            query.put("state", state);
            query.put("code_challenge", pkce.challenge());
            query.put("code_challenge_method", "S256");
            query.put("resource", found.resource());
            if (scope != null) {
                query.put("scope", scope);
            }
            String separator = endpoint.getRawQuery() == null ? "?" : "&";
            URI url = URI.create(endpoint + separator + AuthHttp.form(query));
            Map<String, String> answer = prompt.authorize(server, url, state, lifetime);
            String code = AuthorizationResponse.code(answer, state, as);
            Map<String, String> form = new LinkedHashMap<>();
            form.put("grant_type", "authorization_code");
            form.put("code", code);
            form.put("redirect_uri", redirect);
            form.put("code_verifier", pkce.verifier());
            form.put("resource", found.resource());
            Tokens tokens = tokenEndpoint.request(as, client, form);
            return credential(as, client, found.resource(), scope, tokens);
        }
    }

    private Credential clientCredentials(Discovery.Found found, String scope) throws AuthException {
        ServerMetadata as = found.server();
        OAuthClient client = identity.configured(as).orElseThrow();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "client_credentials");
        form.put("resource", found.resource());
        if (scope != null) {
            form.put("scope", scope);
        }
        return credential(as, client, found.resource(), scope, tokenEndpoint.request(as, client, form));
    }

    /** RFC 8693 at the identity provider (ID token → ID-JAG), then RFC 7523 jwt-bearer at the server's authorization server. */
    private Credential crossApp(Discovery.Found found, String scope, OAuthClientConfig.Grant.CrossApp xaa) throws AuthException {
        ServerMetadata as = found.server();
        Map<String, String> exchange = new LinkedHashMap<>();
        exchange.put("grant_type", TOKEN_EXCHANGE);
        exchange.put("requested_token_type", ID_JAG);
        exchange.put("audience", as.issuer());
        exchange.put("resource", found.resource());
        exchange.put("subject_token", xaa.idToken().value());
        exchange.put("subject_token_type", ID_TOKEN);
        exchange.put("client_id", xaa.idpClientId());
        if (scope != null) {
            exchange.put("scope", scope);
        }
        URI idp = AuthHttp.checked(xaa.idpTokenEndpoint(), "the identity provider's token endpoint");
        JsonNode jag = tokenEndpoint.call(idp, exchange, Map.of(), "the identity provider's token exchange");
        String assertion = jag.path("access_token").asString("");
        if (assertion.isEmpty() || !ID_JAG.equals(jag.path("issued_token_type").asString(ID_JAG))) {
            throw new AuthException("the identity provider's token exchange issued no ID-JAG");
        }
        OAuthClient client = identity.configured(as).orElseThrow();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", JWT_BEARER);
        form.put("assertion", assertion);
        form.put("resource", found.resource());
        if (scope != null) {
            form.put("scope", scope);
        }
        return credential(as, client, found.resource(), scope, tokenEndpoint.request(as, client, form));
    }

    /**
     * The JWT-bearer grant of workload identity federation: the workload's identity token is the
     * {@code assertion} (RFC 7523 §2.1). A refusal is final for that token: it is remembered by the
     * {@link WorkloadIdentity}, and nothing falls back to another grant, so the user sees the
     * authorization server's reason instead of a browser sign-in nobody asked for.
     *
     * @see <a href="https://www.rfc-editor.org/rfc/rfc7523#section-2.1">RFC 7523 §2.1</a>
     */
    private Credential workload(Discovery.Found found, String scope, WorkloadIdentity workload) throws AuthException {
        Secret assertion = workload.assertionFor(found.server().issuer(), found.server().tokenEndpoint());
        keeper.remember(new Tokens(assertion, null, null, null)); // scrubbed from messages like any token
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", JWT_BEARER);
        form.put("assertion", assertion.value());
        form.put("resource", found.resource());
        if (scope != null) {
            form.put("scope", scope);
        }
        try {
            ServerMetadata as = found.server();
            OAuthClient client = identity.configured(as).orElseThrow();
            return credential(as, client, found.resource(), scope, tokenEndpoint.request(as, client, form));
        } catch (AuthException e) {
            if (e.refusedByServer()) {
                workload.refused(assertion, e.getMessage());
            }
            throw e;
        }
    }

    private Credential credential(ServerMetadata as, OAuthClient client, String resource, String scope, Tokens tokens) {
        String granted = tokens.scope() != null ? tokens.scope() : scope;
        return new Credential(keeper.keyFor(resource, as.issuer(), client.clientId(), granted), tokens, as, client, resource);
    }
}
