package dev.tether.mcp.auth;

import dev.tether.agent.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpServerSpec;
import dev.tether.mcp.transport.HttpAuthorization;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OAuth 2.1 for one HTTP MCP server, as the {@link HttpAuthorization} of its transport: sends the
 * access token, refreshes it shortly before expiry and on a 401 {@code invalid_token}, and on a
 * refusal runs discovery, client identity and the grant the server's client is configured for
 * (authorization code with PKCE by default, client credentials, or cross-app access). A 403
 * {@code insufficient_scope} re-authorises with the scope the server asks for; one request is
 * authorised at most {@link #MAX_AUTHORIZATIONS} times. One authorization runs at a time; requests
 * refused meanwhile are retried with its token.
 *
 * <p>Tokens never leave this class except in the {@code Authorization} header and the
 * {@link TokenStore}: messages name servers, endpoints and OAuth error codes only.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization">MCP authorization</a>
 */
public final class OAuthAuthorization implements HttpAuthorization {
    private static final Logger LOG = LoggerFactory.getLogger(OAuthAuthorization.class);
    /** Authorizations per request before its refusal is final (the spec's step-up loop guard). */
    public static final int MAX_AUTHORIZATIONS = 3;
    /** A token this close to expiry is refreshed before it is sent. */
    public static final Duration REFRESH_MARGIN = Duration.ofSeconds(60);

    static final String TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
    static final String JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
    static final String ID_JAG = "urn:ietf:params:oauth:token-type:id-jag";
    static final String ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";

    /** The tokens in use and what is needed to refresh them. */
    private record Credential(String key, Tokens tokens, ServerMetadata server, OAuthClient client, String resource) {
        String header() {
            return "Bearer " + tokens.access().value();
        }
    }

    private final String server;
    private final URI serverUrl;
    private final OAuthSettings settings;
    private final OAuthClientConfig configured;
    private final AuthHttp http = new AuthHttp();
    private final Discovery discovery = new Discovery(http);
    private final TokenEndpoint tokenEndpoint = new TokenEndpoint(http);
    private final ClientIdentity identity;
    private final Cancellation lifetime = Cancellation.root();
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Credential current;
    /** Every token this server's flow has held: a server's error text may echo any of them. */
    private final java.util.Set<String> secrets = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean restored;

    private OAuthAuthorization(McpServerSpec.Http spec, OAuthSettings settings) {
        this.server = spec.name();
        this.serverUrl = URI.create(spec.url());
        this.settings = settings;
        this.configured = settings.clients().get(spec.name());
        this.identity = new ClientIdentity(server, settings, http);
    }

    /**
     * The authorization for {@code spec}: OAuth, or {@link HttpAuthorization#NONE} when the server's
     * config carries its own {@code Authorization} header.
     *
     * @throws AuthException the config has both a hand-written {@code Authorization} header and an OAuth client
     */
    public static HttpAuthorization forServer(McpServerSpec.Http spec, OAuthSettings settings) throws AuthException {
        boolean handWritten = spec.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Authorization"));
        if (handWritten && settings.clients().containsKey(spec.name())) {
            throw new AuthException("server \"" + spec.name() + "\" has both an OAuth client and its own Authorization"
                    + " header; remove one of them");
        }
        return handWritten ? HttpAuthorization.NONE : new OAuthAuthorization(spec, settings);
    }

    @Override
    public String header() {
        Credential c = credential();
        if (c != null && c.tokens().refresh() != null && c.tokens().expiresWithin(REFRESH_MARGIN, Instant.now())) {
            lock.lock();
            try {
                if (current == c && !refresh(c)) {
                    return null;
                }
            } finally {
                lock.unlock();
            }
            c = current;
        }
        return c == null ? null : c.header();
    }

    @Override
    public Verdict rejected(Rejection rejection) {
        lock.lock();
        try {
            Credential c = current;
            if (c != null && !c.header().equals(rejection.sentHeader())) {
                return Verdict.again(); // another request authorised meanwhile
            }
            WwwAuthenticate challenge = WwwAuthenticate.parse(rejection.challenge());
            if (rejection.attempt() > MAX_AUTHORIZATIONS) {
                return Verdict.fail("server \"" + server + "\" still refuses access (HTTP " + rejection.status()
                        + (challenge.error() == null ? "" : ", " + challenge.error()) + ") after " + MAX_AUTHORIZATIONS
                        + " authorizations; giving up");
            }
            if (rejection.status() == 403 && !"insufficient_scope".equals(challenge.error())) {
                return Verdict.fail("server \"" + server + "\" refused access (HTTP 403"
                        + (challenge.error() == null ? "" : ", " + challenge.error()) + ")");
            }
            if (rejection.status() == 401 && c != null && c.tokens().refresh() != null) {
                if (refresh(c)) {
                    return Verdict.again();
                }
                return Verdict.fail(needsReauthorization());
            }
            authorize(challenge);
            return Verdict.again();
        } catch (AuthException e) {
            String reason = scrub(e.getMessage());
            LOG.warn("mcp {}: authorization failed: {}", server, reason);
            return Verdict.fail("server \"" + server + "\" could not be authorised: " + reason);
        } finally {
            lock.unlock();
        }
    }

    private void remember(Tokens tokens) {
        for (Secret secret : new Secret[] {tokens.access(), tokens.refresh()}) {
            if (secret != null && secret.value() != null && secret.value().length() >= 4) {
                secrets.add(secret.value());
            }
        }
    }

    /** {@code text} without any token this flow has held, and without anything else that looks like a secret. */
    private String scrub(String text) {
        String out = text == null ? "" : text;
        for (String secret : secrets) {
            out = out.replace(secret, "[redacted]");
        }
        return dev.tether.security.Redactor.redact(out);
    }

    @Override
    public void close() {
        lifetime.cancel();
        http.close();
    }

    String needsReauthorization() {
        return "server \"" + server + "\" needs re-authorisation: its refresh token was refused;"
                + " the next request to it starts a new authorization (or run `tether mcp login " + server + "`)";
    }

    /** Runs discovery and the configured grant; the new credential becomes current and is stored. */
    private void authorize(WwwAuthenticate challenge) throws AuthException {
        lifetime.throwIfCancelled();
        AuthHttp.checked(serverUrl.toString(), "server \"" + server + "\"");
        Discovery.Found found = discovery.discover(serverUrl, challenge);
        ServerMetadata as = found.server();
        OAuthClientConfig.Grant grant = configured == null ? new OAuthClientConfig.Grant.AuthorizationCode() : configured.grant();
        String scope = scope(challenge, found, grant);
        Credential next = switch (grant) {
            case OAuthClientConfig.Grant.AuthorizationCode code -> authorizationCode(found, scope);
            case OAuthClientConfig.Grant.ClientCredentials cc -> clientCredentials(found, scope);
            case OAuthClientConfig.Grant.CrossApp xaa -> crossApp(found, scope, xaa);
        };
        current = next;
        save(next);
        LOG.info("mcp {}: authorised at {}{}", server, as.issuer(), scope == null ? "" : " for scope \"" + scope + "\"");
    }

    /**
     * The challenge's scope, else everything the resource lists, else none. {@code offline_access}
     * is added for a refresh token only where the authorization server offers it.
     */
    static String scope(WwwAuthenticate challenge, Discovery.Found found, OAuthClientConfig.Grant grant) {
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

    private Credential authorizationCode(Discovery.Found found, String scope) throws AuthException {
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
        try (AuthorizationPrompt prompt = settings.prompts().open(server)) {
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
            if (answer.get("error") != null) {
                throw new AuthException("the authorization server refused: " + answer.get("error")
                        + (answer.get("error_description") == null ? "" : " (" + answer.get("error_description") + ")"));
            }
            if (!state.equals(answer.get("state"))) {
                throw new AuthException("the authorization answer carried the wrong state; ignoring it");
            }
            String iss = answer.get("iss");
            if (iss != null && !Discovery.trimSlash(iss).equals(Discovery.trimSlash(as.issuer()))) {
                throw new AuthException("the authorization answer came from issuer " + iss + ", not " + as.issuer());
            }
            String code = answer.get("code");
            if (code == null || code.isEmpty()) {
                throw new AuthException("the authorization answer carried no code");
            }
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

    private Credential credential(ServerMetadata as, OAuthClient client, String resource, String scope, Tokens tokens) {
        remember(tokens);
        return new Credential(credentialKey(as.issuer(), client.clientId(), tokens.scope() != null ? tokens.scope() : scope),
                tokens, as, client, resource);
    }

    /** Refreshes {@code c} (rotated refresh tokens are stored); false, with the credential dropped, when the server refused. */
    private boolean refresh(Credential c) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "refresh_token");
        form.put("refresh_token", c.tokens().refresh().value());
        form.put("resource", c.resource());
        try {
            Tokens next = c.tokens().refreshedTo(tokenEndpoint.request(c.server(), c.client(), form));
            remember(next);
            Credential refreshed = new Credential(c.key(), next, c.server(), c.client(), c.resource());
            current = refreshed;
            save(refreshed);
            LOG.debug("mcp {}: access token refreshed", server);
            return true;
        } catch (AuthException e) {
            LOG.warn("mcp {}: refreshing the access token failed: {}", server, scrub(e.getMessage()));
            current = null;
            settings.store().delete(c.key());
            settings.store().delete(pointerKey());
            return false;
        }
    }

    /** The credential in use, or the one stored for this server by an earlier run. */
    private Credential credential() {
        Credential c = current;
        if (c != null || restored) {
            return c;
        }
        lock.lock();
        try {
            if (!restored) {
                restored = true;
                current = restore().orElse(null);
            }
            return current;
        } finally {
            lock.unlock();
        }
    }

    private Optional<Credential> restore() {
        Optional<String> key = settings.store().load(pointerKey()).map(p -> p.path("credential").asString(null));
        Optional<JsonNode> record = key.flatMap(settings.store()::load);
        if (record.isEmpty()) {
            return Optional.empty();
        }
        JsonNode r = record.get();
        String issuer = r.path("issuer").asString();
        ServerMetadata as = new ServerMetadata(issuer, null, r.path("token_endpoint").asString(), null, null, null, null,
                null, false, false);
        String clientId = r.path("client_id").asString();
        Optional<OAuthClient> client = identity.configured(as).filter(x -> x.clientId().equals(clientId))
                .or(() -> identity.stored(issuer).filter(x -> x.clientId().equals(clientId)))
                .or(() -> Optional.of(new OAuthClient(clientId, null, null, r.path("token_endpoint_auth_method").asString("none"))));
        long expires = r.path("expires_at").asLong(0);
        Tokens tokens = new Tokens(new Secret(r.path("access_token").asString()),
                Secret.ofNullable(r.path("refresh_token").asString(null)),
                expires == 0 ? null : Instant.ofEpochSecond(expires), r.path("scope").asString(null));
        return Optional.of(new Credential(key.get(), tokens, as, client.get(), r.path("resource").asString()));
    }

    private void save(Credential c) {
        ObjectNode record = Json.object();
        record.put("server_url", Discovery.withoutFragment(serverUrl));
        record.put("issuer", c.server().issuer());
        record.put("token_endpoint", c.server().tokenEndpoint());
        record.put("client_id", c.client().clientId());
        record.put("token_endpoint_auth_method", c.client().authMethod());
        record.put("resource", c.resource());
        record.put("access_token", c.tokens().access().value());
        if (c.tokens().refresh() != null) {
            record.put("refresh_token", c.tokens().refresh().value());
        }
        if (c.tokens().expiresAt() != null) {
            record.put("expires_at", c.tokens().expiresAt().getEpochSecond());
        }
        if (c.tokens().scope() != null) {
            record.put("scope", c.tokens().scope());
        }
        settings.store().save(c.key(), record);
        ObjectNode pointer = Json.object();
        pointer.put("credential", c.key());
        settings.store().save(pointerKey(), pointer);
    }

    private String pointerKey() {
        return "server:" + digest(Discovery.withoutFragment(serverUrl));
    }

    /** The credential identity: a digest of issuer, client id and the sorted scopes. */
    static String credentialKey(String issuer, String clientId, String scope) {
        List<String> scopes = new ArrayList<>(scope == null ? List.of() : List.of(scope.trim().split("\\s+")));
        scopes.removeIf(String::isEmpty);
        scopes.sort(null);
        return "token:" + digest(issuer + "\n" + clientId + "\n" + String.join(" ", scopes));
    }

    static String digest(String text) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
