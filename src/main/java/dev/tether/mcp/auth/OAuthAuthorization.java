package dev.tether.mcp.auth;

import dev.tether.base.Cancellation;
import dev.tether.base.net.Network;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthHttp;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.credential.Credential;
import dev.tether.mcp.auth.credential.CredentialKeeper;
import dev.tether.mcp.auth.credential.Tokens;
import dev.tether.mcp.auth.discovery.Discovery;
import dev.tether.mcp.auth.discovery.ServerMetadata;
import dev.tether.mcp.auth.discovery.WwwAuthenticate;
import dev.tether.mcp.auth.dpop.DpopProofs;
import dev.tether.mcp.auth.grant.Grants;
import dev.tether.mcp.auth.grant.TokenEndpoint;
import dev.tether.mcp.auth.ledger.ServerRecords;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.auth.registration.ClientIdentity;
import dev.tether.mcp.transport.HttpAuthorization;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * OAuth 2.1 for one HTTP MCP server, as the {@link HttpAuthorization} of its transport: sends the
 * access token, refreshes it shortly before expiry and on a 401 {@code invalid_token}, and on a
 * refusal runs discovery, client identity and the grant the server's client is configured for
 * (authorization code with PKCE by default, client credentials, or cross-app access). A 403
 * {@code insufficient_scope} re-authorises with the scope asked for before plus the one the server
 * asks for now (SEP-2350). Where the
 * authorization server offers DPoP, tokens are requested with a proof and a DPoP-bound token is
 * presented as {@code DPoP} with a fresh proof on every request, a {@code use_dpop_nonce} refusal
 * answered with the server's new nonce ({@code dpop/}). One request is
 * authorised at most {@link #MAX_AUTHORIZATIONS} times. One authorization runs at a time; requests
 * refused meanwhile are retried with its token.
 *
 * <p>Tokens never leave the flow ({@code Grants}, {@code CredentialKeeper}) except in the
 * {@code Authorization} header and the {@link TokenStore}: messages name servers, endpoints and
 * OAuth error codes only.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization">MCP authorization</a>
 */
public final class OAuthAuthorization implements HttpAuthorization {
    private static final Logger LOG = LoggerFactory.getLogger(OAuthAuthorization.class);
    /** Authorizations per request before its refusal is final (the spec's step-up loop guard). */
    public static final int MAX_AUTHORIZATIONS = 3;
    /** A token this close to expiry is refreshed before it is sent. */
    public static final Duration REFRESH_MARGIN = Duration.ofSeconds(60);

    private final String server;
    private final URI serverUrl;
    private final OAuthClientConfig configured;
    private final AuthHttp http;
    private final Discovery discovery;
    private final TokenEndpoint tokenEndpoint;
    private final Grants grants;
    private final CredentialKeeper keeper;
    private final Supplier<DpopProofs> dpop;
    private final Cancellation lifetime = Cancellation.root();
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Credential current;
    /** The scope the last authorization asked for (guarded by {@link #lock}); a step-up adds to it. */
    private String requestedScope;
    /** The credential a refresh produced in answer to a refusal, until another replaces it. */
    private Credential refreshedOnRefusal;
    private volatile boolean restored;

    private OAuthAuthorization(McpServerSpec.Http spec, OAuthSettings settings, Network network) {
        this.http = new AuthHttp(network);
        this.discovery = new Discovery(http);
        this.server = spec.name();
        this.serverUrl = URI.create(spec.url());
        String canonical = ServerRecords.canonical(Discovery.withoutFragment(serverUrl));
        this.dpop = () -> settings.dpopKeys().forServer(canonical);
        this.tokenEndpoint = new TokenEndpoint(http, dpop);
        this.configured = settings.clients().get(spec.name());
        ClientIdentity identity = new ClientIdentity(server, settings, http);
        this.keeper = new CredentialKeeper(serverUrl, settings.store(), identity, settings.dpopKeys());
        this.grants = new Grants(server, settings, identity, tokenEndpoint, keeper);
    }

    /**
     * The authorization for {@code spec}: OAuth, or {@link HttpAuthorization#NONE} when the server's
     * config carries its own {@code Authorization} header.
     *
     * @throws AuthException the config has both a hand-written {@code Authorization} header and an OAuth client
     */
    public static HttpAuthorization forServer(McpServerSpec.Http spec, OAuthSettings settings) throws AuthException {
        return forServer(spec, settings, Network.DIRECT);
    }

    /** As above, with the authorization's own requests going through {@code network}'s proxies and trust. */
    public static HttpAuthorization forServer(McpServerSpec.Http spec, OAuthSettings settings, Network network)
            throws AuthException {
        boolean handWritten = spec.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Authorization"));
        if (handWritten && settings.clients().containsKey(spec.name())) {
            throw new AuthException("server \"" + spec.name() + "\" has both an OAuth client and its own Authorization"
                    + " header; remove one of them");
        }
        return handWritten ? HttpAuthorization.NONE : new OAuthAuthorization(spec, settings, network);
    }

    @Override
    public String header() {
        Credential c = fresh();
        return c == null ? null : c.header();
    }

    /** {@code Authorization}, and for a DPoP-bound token a new proof for this method and URL (RFC 9449 §7.1). */
    @Override
    public Map<String, String> headers(String method, URI target) {
        Credential c = fresh();
        if (c == null) {
            return Map.of();
        }
        if (!c.tokens().dpopBound()) {
            return Map.of("Authorization", c.header());
        }
        return Map.of("Authorization", c.header(), "DPoP", dpop.get().forResource(method, target, c.tokens().access().value()));
    }

    @Override
    public void nonceOffered(String nonce) {
        Credential c = current;
        if (c != null && c.tokens().dpopBound()) {
            dpop.get().resourceServer().offer(nonce);
        }
    }

    /** The credential to send now: refreshed first when it is about to expire; null when there is none. */
    private Credential fresh() {
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
        return c;
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
            if (DpopNonceRetry.applies(rejection)) {
                return DpopNonceRetry.verdict(rejection, dpop.get().resourceServer(), server);
            }
            if (rejection.status() == 403 && !"insufficient_scope".equals(challenge.error())) {
                return Verdict.fail("server \"" + server + "\" refused access (HTTP 403"
                        + (challenge.error() == null ? "" : ", " + challenge.error()) + ")");
            }
            Discovery.Found found = null;
            if (rejection.status() == 401 && c != null && c.tokens().refresh() != null) {
                // A token refreshed because of a refusal and refused again: the server may have moved
                // to another authorization server, which only discovery tells (no sign-in for that).
                found = c == refreshedOnRefusal ? discovery.discover(serverUrl, challenge) : null;
                if (found == null || found.server().issuer().equals(c.server().issuer())) {
                    if (refresh(c)) {
                        refreshedOnRefusal = current;
                        return Verdict.again();
                    }
                    return Verdict.signIn(needsReauthorization());
                }
            }
            authorize(challenge, found, rejection.status() == 403);
            return Verdict.again();
        } catch (AuthException e) {
            String reason = keeper.scrub(e.getMessage());
            LOG.warn("mcp {}: authorization failed: {}", server, reason);
            return Verdict.fail("server \"" + server + "\" could not be authorised: " + reason);
        } finally {
            lock.unlock();
        }
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

    /**
     * Runs discovery (unless {@code discovered} is its result) and the configured grant; the new
     * credential becomes current and is stored. A step-up ({@code insufficient_scope}) asks for the
     * earlier scope and the challenged one.
     */
    private void authorize(WwwAuthenticate challenge, Discovery.Found discovered, boolean stepUp) throws AuthException {
        lifetime.throwIfCancelled();
        AuthHttp.checked(serverUrl.toString(), "server \"" + server + "\"");
        Discovery.Found found = discovered != null ? discovered : discovery.discover(serverUrl, challenge);
        ServerMetadata as = found.server();
        dropIfIssuedElsewhere(as);
        OAuthClientConfig.Grant grant = configured == null ? new OAuthClientConfig.Grant.AuthorizationCode() : configured.grant();
        String challenged = Grants.scope(challenge, found, grant);
        String scope = stepUp ? Grants.union(requestedScope, challenged) : challenged;
        Credential next = grants.obtain(found, scope, grant, lifetime);
        requestedScope = scope;
        keeper.remember(next.tokens());
        current = next;
        keeper.save(next);
        LOG.info("mcp {}: authorised at {}{}", server, as.issuer(), scope == null ? "" : " for scope \"" + scope + "\"");
    }

    /**
     * Credentials belong to the issuer that granted them: once discovery finds the server at
     * another authorization server, the credential from the old one is dropped (memory and store)
     * and never sent again, whether or not the new authorization succeeds.
     */
    private void dropIfIssuedElsewhere(ServerMetadata as) {
        Credential c = current;
        if (c != null && !c.server().issuer().equals(as.issuer())) {
            LOG.info("mcp {}: the server's authorization server moved from {} to {}; the old credential is dropped",
                    server, c.server().issuer(), as.issuer());
            current = null;
            keeper.forget(c);
        }
    }

    /** Refreshes {@code c} (rotated refresh tokens are stored); false, with the credential dropped, when the server refused. */
    private boolean refresh(Credential c) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "refresh_token");
        form.put("refresh_token", c.tokens().refresh().value());
        form.put("resource", c.resource());
        try {
            Tokens next = c.tokens().refreshedTo(tokenEndpoint.request(c.server(), c.client(), form, c.tokens().dpopBound()));
            keeper.remember(next);
            Credential refreshed = new Credential(c.key(), next, c.server(), c.client(), c.resource());
            current = refreshed;
            keeper.save(refreshed);
            LOG.debug("mcp {}: access token refreshed", server);
            return true;
        } catch (AuthException e) {
            LOG.warn("mcp {}: refreshing the access token failed: {}", server, keeper.scrub(e.getMessage()));
            current = null;
            keeper.forget(c);
            return false;
        }
    }

    /**
     * {@code c} as this process can present it. A DPoP-bound token whose record held its key is
     * presented with that key (the keeper took it over). One bound to a key this process does not
     * have (a record without one, or another key already in use here) is only good for a refresh
     * with a proof of this process's key, or for nothing without a refresh token.
     */
    private Credential usableHere(Credential c) {
        Tokens t = c.tokens();
        if (!t.dpopBound() || t.dpopJkt().equals(dpop.get().thumbprint())) {
            return c;
        }
        if (t.refresh() == null) {
            LOG.info("mcp {}: the stored DPoP-bound token belongs to another Tether process's key; signing in again", server);
            return null;
        }
        Tokens expired = new Tokens(t.access(), t.refresh(), Instant.EPOCH, t.scope(), t.dpopJkt());
        return new Credential(c.key(), expired, c.server(), c.client(), c.resource());
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
                current = keeper.restore().map(this::usableHere).orElse(null);
            }
            return current;
        } finally {
            lock.unlock();
        }
    }
}
