package dev.tether.mcp.auth.credential;

import dev.tether.json.Json;
import dev.tether.mcp.auth.api.AuthHttp;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.discovery.Discovery;
import dev.tether.mcp.auth.discovery.ServerMetadata;
import dev.tether.mcp.auth.dpop.DpopKey;
import dev.tether.mcp.auth.dpop.DpopKeys;
import dev.tether.mcp.auth.ledger.ServerRecords;
import dev.tether.mcp.auth.ledger.TokenStore;
import dev.tether.mcp.auth.registration.ClientIdentity;
import dev.tether.mcp.auth.registration.OAuthClient;
import dev.tether.security.Redactor;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Keeps one server's credential in the {@link TokenStore}: the record under its
 * {@link #credentialKey credential key}, and a pointer from the server's URL to that key, so a
 * later run finds it again. Also keeps every token the server's flow has held, to scrub them
 * from messages (a server's error text may echo any of them).
 *
 * <p>Tokens belong to one server: the key includes the server's canonical URL and the RFC 8707
 * resource they were issued for, so two servers behind one authorization server (same issuer,
 * client and scopes) never share a record, and {@link #restore} hands back a stored record only
 * when it was saved for this server and its resource covers this server's URL. Client
 * registrations, which hold no tokens, are shared per issuer ({@link ClientIdentity}).
 *
 * <p>A DPoP-bound token's record also holds the key pair it is bound to ({@code dpop_key}, a
 * private JWK), exactly as sensitive as the refresh token beside it: a later process that restores
 * the record takes the key over ({@link DpopKeys#adopt}) and presents the token as it was issued.
 */
public final class CredentialKeeper {
    private static final Logger LOG = LoggerFactory.getLogger(CredentialKeeper.class);
    private final URI serverUrl;
    private final TokenStore store;
    private final ClientIdentity identity;
    private final DpopKeys dpopKeys;
    private final String canonical;
    private final Set<String> secrets = ConcurrentHashMap.newKeySet();

    public CredentialKeeper(URI serverUrl, TokenStore store, ClientIdentity identity, DpopKeys dpopKeys) {
        this.serverUrl = serverUrl;
        this.store = store;
        this.identity = identity;
        this.dpopKeys = dpopKeys;
        this.canonical = ServerRecords.canonical(Discovery.withoutFragment(serverUrl));
    }

    /** Adds {@code tokens} to what {@link #scrub} removes. */
    public void remember(Tokens tokens) {
        for (Secret secret : new Secret[] {tokens.access(), tokens.refresh()}) {
            if (secret != null && secret.value() != null && secret.value().length() >= 4) {
                secrets.add(secret.value());
            }
        }
    }

    /** {@code text} without any token this flow has held, and without anything else that looks like a secret. */
    public String scrub(String text) {
        String out = text == null ? "" : text;
        for (String secret : secrets) {
            out = out.replace(secret, "[redacted]");
        }
        return Redactor.redact(out);
    }

    /**
     * The credential stored for this server by an earlier run; empty when there is none, or when
     * the record found was saved for another server or issued for a resource that does not cover
     * this one (such a record is never sent here).
     */
    public Optional<Credential> restore() {
        Optional<String> key = store.load(pointerKey()).map(p -> p.path("credential").asString(null));
        Optional<JsonNode> record = key.flatMap(store::load);
        if (record.isEmpty()) {
            return Optional.empty();
        }
        JsonNode r = record.get();
        if (!belongsHere(r)) {
            LOG.warn("mcp: the stored OAuth credential for {} was saved for another server; not using it",
                    AuthHttp.safe(serverUrl));
            return Optional.empty();
        }
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
                expires == 0 ? null : Instant.ofEpochSecond(expires), r.path("scope").asString(null),
                dpopJkt(r));
        if (tokens.dpopBound()) {
            adoptKey(r.get("dpop_key"), tokens.dpopJkt());
        }
        return Optional.of(new Credential(key.get(), tokens, as, client.get(), r.path("resource").asString()));
    }

    /** Stores {@code c} and points this server at it. */
    public void save(Credential c) {
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
        record.put("token_type", c.tokens().dpopBound() ? "DPoP" : "Bearer");
        if (c.tokens().dpopBound()) {
            record.put("dpop_jkt", c.tokens().dpopJkt());
            DpopKey key = dpopKeys.forServer(canonical).key();
            if (key.thumbprint().equals(c.tokens().dpopJkt())) {
                ObjectNode jwk = record.putObject("dpop_key");
                key.privateJwk().forEach(jwk::put);
                secrets.add(jwk.path("d").asString());
            }
        }
        store.save(c.key(), record);
        ObjectNode pointer = Json.object();
        pointer.put("credential", c.key());
        store.save(pointerKey(), pointer);
    }

    /** Deletes {@code c} and this server's pointer to it. */
    public void forget(Credential c) {
        store.delete(c.key());
        store.delete(pointerKey());
    }

    /**
     * Takes over the key pair a restored token is bound to, when the record holds a valid one with
     * the token's thumbprint; otherwise the token is usable only for a refresh with this process's key.
     */
    private void adoptKey(JsonNode stored, String jkt) {
        if (stored == null || !stored.isObject()) {
            return;
        }
        Map<String, String> jwk = new LinkedHashMap<>();
        stored.properties().forEach(e -> jwk.put(e.getKey(), e.getValue().isString() ? e.getValue().asString() : ""));
        DpopKey key = DpopKey.restore(jwk);
        if (key == null || !key.thumbprint().equals(jkt)) {
            LOG.warn("mcp: the DPoP key stored with the credential for {} is not the one its token is bound to; not using it",
                    AuthHttp.safe(serverUrl));
            return;
        }
        secrets.add(jwk.get("d"));
        dpopKeys.adopt(canonical, key);
    }

    /**
     * The key thumbprint a stored DPoP-bound token is bound to; null for a Bearer token. A DPoP
     * record without a thumbprint gets one no key has, so it is never presented as Bearer.
     */
    private static String dpopJkt(JsonNode record) {
        if (!record.path("token_type").asString("Bearer").equalsIgnoreCase("DPoP")) {
            return null;
        }
        String jkt = record.path("dpop_jkt").asString("");
        return jkt.isEmpty() ? "unknown" : jkt;
    }

    /** Whether {@code record} was saved for this server and names a resource (RFC 8707) that covers it. */
    private boolean belongsHere(JsonNode record) {
        String savedFor = record.path("server_url").asString("");
        String resource = record.path("resource").asString("");
        return !resource.isEmpty()
                && ServerRecords.canonical(savedFor).equals(ServerRecords.canonical(Discovery.withoutFragment(serverUrl)))
                && Discovery.resourceMatches(resource, serverUrl);
    }

    /** The key for tokens of this server, issued for {@code resource} by {@code issuer} to {@code clientId} for {@code scope}. */
    public String keyFor(String resource, String issuer, String clientId, String scope) {
        return credentialKey(Discovery.withoutFragment(serverUrl), resource, issuer, clientId, scope);
    }

    private String pointerKey() {
        return "server:" + digest(Discovery.withoutFragment(serverUrl));
    }

    /**
     * The credential identity: a digest of the server's canonical URL, the resource the tokens
     * are for, issuer, client id and the sorted scopes.
     */
    static String credentialKey(String serverUrl, String resource, String issuer, String clientId, String scope) {
        List<String> scopes = new ArrayList<>(scope == null ? List.of() : List.of(scope.trim().split("\\s+")));
        scopes.removeIf(String::isEmpty);
        scopes.sort(null);
        return "token:" + digest(ServerRecords.canonical(serverUrl) + "\n" + ServerRecords.canonical(resource == null ? "" : resource)
                + "\n" + issuer + "\n" + clientId + "\n" + String.join(" ", scopes));
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
