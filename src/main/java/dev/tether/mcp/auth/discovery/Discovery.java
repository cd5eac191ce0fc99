package dev.tether.mcp.auth.discovery;

import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthHttp;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Finds who authorises an MCP server: its protected-resource metadata (RFC 9728) from the
 * challenge's {@code resource_metadata}, else the path-based then the root well-known location;
 * then its authorization server's metadata (RFC 8414 / OIDC) in the spec's order. Servers of the
 * 2025-03-26 revision have no resource metadata: their origin is the authorization server, with
 * metadata at the root or, failing that, {@code /authorize}, {@code /token} and {@code /register}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#authorization-server-discovery">MCP authorization server discovery</a>
 */
public final class Discovery {
    private static final Logger LOG = LoggerFactory.getLogger(Discovery.class);
    private static final String PRM = "/.well-known/oauth-protected-resource";
    private static final String OAUTH = "/.well-known/oauth-authorization-server";
    private static final String OIDC = "/.well-known/openid-configuration";

    /** What discovery found: the {@code resource} to name in requests, the server's scopes, and the authorization server. */
    public record Found(String resource, List<String> resourceScopes, ServerMetadata server) {}

    private final AuthHttp http;

    public Discovery(AuthHttp http) {
        this.http = http;
    }

    public Found discover(URI serverUrl, WwwAuthenticate challenge) throws AuthException {
        JsonNode prm = resourceMetadata(serverUrl, challenge);
        if (prm == null) {
            return new Found(withoutFragment(serverUrl), null, legacyServer(serverUrl));
        }
        String resource = prm.path("resource").asString("");
        if (!resourceMatches(resource, serverUrl)) {
            throw new AuthException("the server's protected-resource metadata names another resource (" + resource
                    + ", not " + AuthHttp.safe(serverUrl) + "); refusing to authorise");
        }
        List<String> servers = strings(prm.path("authorization_servers"));
        if (servers == null || servers.isEmpty()) {
            throw new AuthException("the server's protected-resource metadata names no authorization server");
        }
        String issuer = servers.getFirst();
        ServerMetadata metadata = serverMetadata(AuthHttp.checked(issuer, "the authorization server"));
        if (metadata == null) {
            throw new AuthException("the authorization server " + issuer + " publishes no OAuth or OpenID metadata");
        }
        // RFC 8414 §3.3: identical to the issuer the metadata was fetched for, character for character
        // (no trailing-slash, case or port normalisation), or a mix-up attack could pass.
        if (!issuer.equals(metadata.issuer())) {
            throw new AuthException("the authorization server's metadata names issuer " + metadata.issuer()
                    + ", not " + issuer + " (they must be identical, RFC 8414 §3.3); refusing it");
        }
        return new Found(resource, strings(prm.path("scopes_supported")), metadata);
    }

    /** The metadata from the challenge's URL, else the path-based, else the root location; null when none answers. */
    private JsonNode resourceMetadata(URI serverUrl, WwwAuthenticate challenge) throws AuthException {
        List<URI> candidates = new ArrayList<>();
        if (challenge.resourceMetadata() != null) {
            candidates.add(AuthHttp.checked(challenge.resourceMetadata(), "the resource metadata URL"));
        }
        String path = trimSlash(serverUrl.getRawPath() == null ? "" : serverUrl.getRawPath());
        if (!path.isEmpty()) {
            candidates.add(origin(serverUrl).resolve(PRM + path));
        }
        candidates.add(origin(serverUrl).resolve(PRM));
        for (URI candidate : candidates) {
            AuthHttp.Answer answer = http.get(candidate, "the protected-resource metadata");
            if (answer.ok() && answer.body().has("resource")) {
                return answer.body();
            }
            LOG.debug("no protected-resource metadata at {} (HTTP {})", AuthHttp.safe(candidate), answer.status());
        }
        return null;
    }

    /**
     * RFC 8414 §3.1 and OIDC: for an issuer with a path, OAuth with the path appended to the
     * well-known prefix, then OpenID the same way, then OpenID after the path; without a path,
     * OAuth then OpenID at the root.
     */
    static List<URI> metadataLocations(URI issuer) {
        URI origin = origin(issuer);
        String path = trimSlash(issuer.getRawPath() == null ? "" : issuer.getRawPath());
        if (path.isEmpty()) {
            return List.of(origin.resolve(OAUTH), origin.resolve(OIDC));
        }
        return List.of(origin.resolve(OAUTH + path), origin.resolve(OIDC + path), origin.resolve(path + OIDC));
    }

    private ServerMetadata serverMetadata(URI issuer) throws AuthException {
        for (URI location : metadataLocations(issuer)) {
            AuthHttp.Answer answer = http.get(location, "the authorization server metadata");
            if (answer.ok() && answer.body().has("issuer")) {
                return ServerMetadata.parse(answer.body(), false);
            }
            LOG.debug("no authorization server metadata at {} (HTTP {})", AuthHttp.safe(location), answer.status());
        }
        return null;
    }

    /** 2025-03-26: the server's origin is the authorization server; metadata at its root, else default endpoints. */
    private ServerMetadata legacyServer(URI serverUrl) throws AuthException {
        URI origin = origin(serverUrl);
        AuthHttp.Answer answer = http.get(origin.resolve(OAUTH), "the authorization server metadata");
        if (answer.ok() && answer.body().has("authorization_endpoint")) {
            return ServerMetadata.parse(answer.body(), true);
        }
        return ServerMetadata.fallback(origin);
    }

    /** Same origin, and the server's path lies under the metadata's resource path. */
    public static boolean resourceMatches(String resource, URI serverUrl) {
        URI r;
        try {
            r = URI.create(resource);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (r.getScheme() == null || r.getHost() == null || r.getRawFragment() != null
                || !r.getScheme().equalsIgnoreCase(serverUrl.getScheme())
                || !r.getHost().equalsIgnoreCase(serverUrl.getHost())
                || port(r) != port(serverUrl)) {
            return false;
        }
        String want = trimSlash(r.getRawPath() == null ? "" : r.getRawPath());
        String have = trimSlash(serverUrl.getRawPath() == null ? "" : serverUrl.getRawPath());
        return want.isEmpty() || have.equals(want) || have.startsWith(want + "/");
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return uri.getScheme().toLowerCase(Locale.ROOT).equals("https") ? 443 : 80;
    }

    static URI origin(URI uri) {
        return URI.create(uri.getScheme() + "://" + uri.getRawAuthority());
    }

    public static String withoutFragment(URI uri) {
        String s = uri.toString();
        int hash = s.indexOf('#');
        return hash < 0 ? s : s.substring(0, hash);
    }

    static String trimSlash(String s) {
        String t = s;
        while (t.endsWith("/")) {
            t = t.substring(0, t.length() - 1);
        }
        return t;
    }

    /** The strings of a JSON array; null when the node is not an array. */
    static List<String> strings(JsonNode node) {
        if (node == null || !node.isArray()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        node.forEach(n -> {
            if (n.isString()) {
                out.add(n.asString());
            }
        });
        return List.copyOf(out);
    }
}
