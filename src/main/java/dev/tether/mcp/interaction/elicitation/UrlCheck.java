package dev.tether.mcp.interaction.elicitation;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Decides whether a URL a server wants the user to open may be shown: only absolute
 * {@code http}/{@code https} URLs of printable ASCII (an internationalised host must arrive as
 * punycode, so the user sees the real host), with a host, without user-info (a
 * {@code https://bank.com@evil.example} URL hides its real host behind fake credentials) and
 * without backslashes (which some browsers read as slashes). {@code javascript:}, {@code data:},
 * {@code file:} and everything else are refused. Plain {@code http} is for loopback hosts only
 * (a local sign-in page): anywhere else the page, and what the user types into it, could be read
 * or changed on the way.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation#url-mode-elicitation-requests">MCP URL mode</a>
 */
public final class UrlCheck {
    static final int MAX_URL_CHARS = 2048;

    private UrlCheck() {}

    /** A URL that passed, and its host as the user should see it. */
    public record Checked(String url, String host) {}

    /** Thrown for a URL that may not be shown; the message says why, for the server. */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    public static Checked check(String url) {
        if (url == null || url.isEmpty() || url.length() > MAX_URL_CHARS) {
            throw new Refused("the URL is missing or longer than " + MAX_URL_CHARS + " characters");
        }
        if (!url.chars().allMatch(c -> c > 0x20 && c < 0x7F) || url.indexOf('\\') >= 0) {
            throw new Refused("the URL must be printable ASCII without spaces or backslashes");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new Refused("the URL is not valid");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new Refused("only http and https URLs may be opened");
        }
        if (uri.getRawUserInfo() != null || (uri.getRawAuthority() != null && uri.getRawAuthority().contains("@"))) {
            throw new Refused("the URL may not carry credentials (user-info)");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new Refused("the URL has no host");
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (scheme.equals("http") && !loopback(host)) {
            throw new Refused("plain http URLs may only point at this machine (localhost, 127.0.0.1, [::1]); use https");
        }
        return new Checked(url, host);
    }

    /** {@code localhost}, 127.0.0.0/8 or ::1, by name only: nothing is resolved. */
    static boolean loopback(String host) {
        if (host.equals("localhost") || host.equals("[::1]") || host.equals("::1")) {
            return true;
        }
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4 || !parts[0].equals("127")) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
