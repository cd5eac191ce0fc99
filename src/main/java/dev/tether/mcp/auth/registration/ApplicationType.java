package dev.tether.mcp.auth.registration;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code application_type} of a dynamic registration (OpenID Connect Dynamic Client
 * Registration §2, which MCP 2026-07-28 requires clients to send): {@code native} for a client
 * whose redirect comes back to the user's own machine — a loopback {@code http} URI (RFC 8252 §7.3)
 * or a private-use scheme — and {@code web} for one whose redirect is a web site. An
 * authorization server may refuse a loopback redirect for a {@code web} client and the reverse,
 * so the type follows the redirect actually registered.
 *
 * @see <a href="https://openid.net/specs/openid-connect-registration-1_0.html#ClientMetadata">OIDC client metadata</a>
 */
final class ApplicationType {
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "[::1]", "::1", "localhost");

    private ApplicationType() {}

    static String of(String redirectUri) {
        URI uri = URI.create(redirectUri);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        if ((scheme.equals("https") || scheme.equals("http")) && !LOOPBACK.contains(host)) {
            return "web";
        }
        return "native";
    }
}
