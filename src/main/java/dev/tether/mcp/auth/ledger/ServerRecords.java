package dev.tether.mcp.auth.ledger;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Which records of a ledger belong to an MCP server. Records are opaque to the ledger, with one
 * convention the OAuth core keeps: a credential record carries the server's URL (its RFC 8707
 * resource) in a top-level {@code "resource"} string. Records without it (client registrations,
 * keyed by issuer) belong to no server.
 *
 * <p>It reads only the {@link TokenStore} seam beside it: the OAuth core keys its credentials with
 * {@link #canonical} and {@code tether mcp logout|status} find them with {@link #keysFor}, neither
 * reaching into the files that implement the store.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#canonical-server-uri">MCP canonical server URI</a>
 */
public final class ServerRecords {
    /** The field naming the MCP server (RFC 8707 resource) a credential record is for. */
    public static final String RESOURCE = "resource";

    private ServerRecords() {}

    /** The keys of the records for the server at {@code serverUrl}, sorted. */
    public static List<String> keysFor(TokenStore store, String serverUrl) {
        String wanted = canonical(serverUrl);
        return store.keys().stream()
                .filter(key -> store.load(key).map(record -> wanted.equals(resourceOf(record))).orElse(false))
                .toList();
    }

    private static String resourceOf(JsonNode record) {
        JsonNode resource = record.get(RESOURCE);
        return resource != null && resource.isString() ? canonical(resource.asString()) : null;
    }

    /**
     * The URL as compared: scheme and host lower case, no default port, no fragment, no
     * user info, no trailing slash on a non-root path (MCP's canonical server URI).
     */
    public static String canonical(String url) {
        try {
            URI uri = new URI(url.strip());
            if (uri.getScheme() == null || uri.getHost() == null) {
                return url.strip();
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort();
            if ((scheme.equals("https") && port == 443) || (scheme.equals("http") && port == 80)) {
                port = -1;
            }
            String path = Optional.ofNullable(uri.getRawPath()).orElse("");
            if (path.length() > 1 && path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (port == -1 ? "" : ":" + port) + path
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        } catch (URISyntaxException e) {
            return url.strip();
        }
    }
}
