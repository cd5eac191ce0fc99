package dev.tether.mcp.auth.registration;

import dev.tether.json.Json;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthHttp;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.discovery.ServerMetadata;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Who Tether is at an authorization server, in the spec's order: the client pre-registered in
 * config; a client ID metadata document URL when the server supports those; a dynamic
 * registration (RFC 7591), kept per issuer and never shown to another server; otherwise an error
 * saying what to configure.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#client-registration-approaches">MCP client registration</a>
 */
public final class ClientIdentity {
    private final String server;
    private final OAuthSettings settings;
    private final OAuthClientConfig configured;
    private final AuthHttp http;

    public ClientIdentity(String server, OAuthSettings settings, AuthHttp http) {
        this.server = server;
        this.settings = settings;
        this.configured = settings.clients().get(server);
        this.http = http;
    }

    static String registrationKey(String issuer) {
        return "registration:" + issuer;
    }

    /** The configured client, with the auth method it names or the best one the server supports. */
    public Optional<OAuthClient> configured(ServerMetadata as) {
        if (configured == null) {
            return Optional.empty();
        }
        String method = configured.authMethod();
        if (method == null) {
            List<String> supported = as == null ? List.of() : as.authMethodsOrDefault();
            if (configured.privateKey() != null) {
                method = "private_key_jwt";
            } else if (configured.clientSecret() == null) {
                method = "none";
            } else {
                method = supported.contains("client_secret_post") && !supported.contains("client_secret_basic")
                        ? "client_secret_post" : "client_secret_basic";
            }
        }
        return Optional.of(new OAuthClient(configured.clientId(), configured.clientSecret(), configured.privateKey(), method));
    }

    /** A client for the authorization code flow at {@code as}, registering one when needed. */
    public OAuthClient resolve(ServerMetadata as, String redirectUri) throws AuthException {
        Optional<OAuthClient> own = configured(as);
        if (own.isPresent()) {
            return own.get();
        }
        Optional<OAuthClient> stored = stored(as.issuer());
        if (stored.isPresent() && registeredFor(as.issuer(), redirectUri)) {
            return stored.get();
        }
        String document = settings.clientMetadataDocument();
        if (as.clientIdMetadataDocuments() && document != null && document.startsWith("https://")) {
            return new OAuthClient(document, null, null, "none");
        }
        if (as.registrationEndpoint() != null) {
            return register(as, redirectUri);
        }
        throw new AuthException("the authorization server " + as.issuer() + " offers no dynamic client registration;"
                + " configure a pre-registered OAuth client id (and secret) for server \"" + server + "\"");
    }

    /**
     * The path of the redirect URI registered with {@code as}, when a registration made earlier
     * would be reused (no configured client); the next sign-in listens there so the registration fits.
     */
    public Optional<String> registeredRedirectPath(ServerMetadata as) {
        if (configured != null) {
            return Optional.empty();
        }
        return settings.store().load(registrationKey(as.issuer()))
                .map(r -> r.path("redirect_uri").asString(""))
                .filter(u -> !u.isEmpty())
                .map(u -> URI.create(u).getRawPath());
    }

    /**
     * Whether the registration stored for {@code issuer} lists {@code redirectUri}, the port
     * aside (RFC 8252 §7.3: a loopback redirect may use any port). A registration that predates
     * this record, or lists another path, is not reused: the authorization server would refuse the
     * redirect, so the client registers again.
     */
    private boolean registeredFor(String issuer, String redirectUri) {
        String registered = settings.store().load(registrationKey(issuer)).map(r -> r.path("redirect_uri").asString("")).orElse("");
        if (registered.isEmpty()) {
            return false;
        }
        URI a = URI.create(registered);
        URI b = URI.create(redirectUri);
        return java.util.Objects.equals(a.getScheme(), b.getScheme()) && java.util.Objects.equals(a.getHost(), b.getHost())
                && java.util.Objects.equals(a.getRawPath(), b.getRawPath());
    }

    /** The registration made earlier with this issuer. */
    public Optional<OAuthClient> stored(String issuer) {
        return settings.store().load(registrationKey(issuer)).map(r -> new OAuthClient(r.path("client_id").asString(),
                Secret.ofNullable(r.path("client_secret").asString(null)), null,
                r.path("token_endpoint_auth_method").asString("none")));
    }

    private OAuthClient register(ServerMetadata as, String redirectUri) throws AuthException {
        URI endpoint = AuthHttp.checked(as.registrationEndpoint(), "the registration endpoint");
        List<String> supported = as.authMethodsOrDefault();
        String method = supported.contains("none") ? "none"
                : supported.contains("client_secret_basic") ? "client_secret_basic"
                : supported.contains("client_secret_post") ? "client_secret_post" : "client_secret_basic";
        ObjectNode request = Json.object();
        request.put("client_name", settings.clientName());
        request.putArray("redirect_uris").add(redirectUri);
        request.putArray("grant_types").add("authorization_code").add("refresh_token");
        request.putArray("response_types").add("code");
        request.put("token_endpoint_auth_method", method);
        request.put("application_type", ApplicationType.of(redirectUri));
        AuthHttp.Answer answer = http.postJson(endpoint, request, "the registration endpoint");
        JsonNode body = answer.body();
        if (!answer.ok() || body.path("client_id").asString("").isEmpty()) {
            throw new AuthException("dynamic client registration failed (HTTP " + answer.status()
                    + AuthHttp.describe(body) + "); configure a pre-registered OAuth client for server \"" + server + "\"");
        }
        Secret secret = Secret.ofNullable(body.path("client_secret").asString(null));
        String granted = body.path("token_endpoint_auth_method").asString(method);
        if (secret == null && !granted.equals("none")) {
            granted = "none";
        }
        ObjectNode record = Json.object();
        record.put("issuer", as.issuer());
        record.put("client_id", body.path("client_id").asString());
        if (secret != null) {
            record.put("client_secret", secret.value());
        }
        record.put("token_endpoint_auth_method", granted);
        record.put("redirect_uri", redirectUri);
        settings.store().save(registrationKey(as.issuer()), record);
        return new OAuthClient(body.path("client_id").asString(), secret, null, granted);
    }
}
