package dev.tether.config.policy;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * A remote server's URL in the parts the managed policy compares, read the way the transports
 * read it ({@link URI}, as {@code HttpTransport}, the legacy SSE transport and the WebSocket
 * transport do) and then normalised: the scheme in lower case; the host in one spelling per place
 * ({@link UrlHosts}); the port filled in for http/ws (80) and https/wss (443), leading zeros gone;
 * the path with percent-encoded unreserved characters decoded, repeated slashes collapsed, no
 * {@code .}/{@code ..} segments, and {@code /} when empty. Query and fragment do not count.
 *
 * <p>A URL with user info ({@code user@host}) is refused outright: the JDK clients drop it without
 * a word (no {@code Authorization} is sent), so its only effect is to make a URL read as another
 * host ({@code https://trusted.example@evil.example/}).
 *
 * @param host {@link UrlHosts#THIS_MACHINE} for every spelling of this machine
 */
public record ServerUrl(String scheme, String host, int port, String path) {
    private static final String UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

    /** Why a URL cannot be compared, in the user's words ("it …"). */
    public static class Unreadable extends Exception {
        public Unreadable(String message) {
            super(message, null, false, false);
        }
    }

    /** A URL that names user info: refused whatever the rules say. */
    public static final class WithUserInfo extends Unreadable {
        WithUserInfo() {
            super("its URL carries user info (user@host), which Tether never sends and which only makes a URL read as another"
                    + " host; remove it (credentials go in headers or OAuth)");
        }
    }

    /** What reading a URL gave: the URL, or why it cannot be compared. */
    public sealed interface Reading {}

    /** A URL read and normalised. */
    public record Read(ServerUrl url) implements Reading {}

    /** A URL that cannot be compared; {@code userInfo}: refused for its user info, whatever the rules say. */
    public record Refused(String why, boolean userInfo) implements Reading {}

    /** {@link #parse} as a value. */
    public static Reading read(String url) {
        try {
            return new Read(parse(url));
        } catch (WithUserInfo e) {
            return new Refused(e.getMessage(), true);
        } catch (Unreadable e) {
            return new Refused(e.getMessage(), false);
        }
    }

    /**
     * Reads a server's URL.
     *
     * @throws WithUserInfo it names user info
     * @throws Unreadable   no transport could connect to it as written, or its host is ambiguous
     */
    public static ServerUrl parse(String url) throws Unreadable {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new Unreadable("it is not a valid URL");
        }
        if (uri.getRawUserInfo() != null || uri.getRawAuthority() != null && uri.getRawAuthority().contains("@")) {
            throw new WithUserInfo();
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        int defaultPort = defaultPort(scheme);
        if (defaultPort < 0) {
            throw new Unreadable("it is not an http, https, ws or wss URL");
        }
        if (uri.getHost() == null) {
            // java.net.URI found no server authority: the JDK clients refuse such a URL ("unsupported URI").
            throw new Unreadable("its host is not a name or address the JDK connects to");
        }
        int port = uri.getPort() < 0 ? defaultPort : uri.getPort();
        if (port > 65_535) {
            throw new Unreadable("its port is out of range");
        }
        return new ServerUrl(scheme, UrlHosts.normalize(uri.getHost()), port, path(uri.getRawPath()));
    }

    /** 80 for http and ws, 443 for https and wss, -1 for a scheme no transport speaks. */
    static int defaultPort(String scheme) {
        return switch (scheme) {
            case "http", "ws" -> 80;
            case "https", "wss" -> 443;
            default -> -1;
        };
    }

    /** A raw path (of a URL or a rule), normalised as the class says. */
    static String path(String raw) {
        if (raw == null || raw.isEmpty()) {
            return "/";
        }
        StringBuilder decoded = new StringBuilder();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length() && hex(raw.charAt(i + 1)) && hex(raw.charAt(i + 2))) {
                char value = (char) Integer.parseInt(raw.substring(i + 1, i + 3), 16);
                decoded.append(UNRESERVED.indexOf(value) >= 0 ? String.valueOf(value) : raw.substring(i, i + 3).toUpperCase(Locale.ROOT));
                i += 2;
            } else if (c != '/' || decoded.isEmpty() || decoded.charAt(decoded.length() - 1) != '/') {
                decoded.append(c);
            }
        }
        String path = decoded.charAt(0) == '/' ? decoded.toString() : "/" + decoded;
        return withoutDotSegments(path);
    }

    private static boolean hex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    /** RFC 3986 §5.2.4 for a path starting with {@code /}: {@code .} dropped, {@code ..} removes the segment before it. */
    private static String withoutDotSegments(String path) {
        String[] segments = path.split("/", -1);
        Deque<String> out = new ArrayDeque<>();
        for (int i = 1; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if (segment.equals(".") || segment.equals("..")) {
                if (segment.equals("..") && !out.isEmpty()) {
                    out.removeLast();
                }
                if (last) {
                    out.addLast("");
                }
            } else {
                out.addLast(segment);
            }
        }
        return "/" + String.join("/", out);
    }

    @Override
    public String toString() {
        return scheme + "://" + host + ":" + port + path;
    }
}
