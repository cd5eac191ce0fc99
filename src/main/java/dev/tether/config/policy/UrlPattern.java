package dev.tether.config.policy;

import java.net.IDN;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@code serverUrl} rule, split into the parts of a {@link ServerUrl} and normalised the same
 * way. Each part's glob ({@code *}: any run of characters) matches only its own part: a host glob
 * never reaches the port or the path, so {@code http://*.corp.test/*} does not admit
 * {@code http://127.0.0.1/.corp.test/}. In the host {@code *} does cross dots
 * ({@code *.corp.test} covers {@code a.b.corp.test}); a host without {@code *} is compared in its
 * one spelling, and a host glob is tried against each spelling of this machine
 * ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}). A rule without a port means the default
 * port of the URL's scheme; {@code :*} any port. A rule's query or fragment is ignored, as a URL's is.
 *
 * @param port null for the scheme's default port, {@code "*"} for any, else the number
 */
public record UrlPattern(String text, String scheme, String host, String port, String path) {
    /** Reads a rule such as {@code https://*.example.com/*}. */
    public static UrlPattern parse(String rule) throws InvalidRule {
        int separator = rule.indexOf("://");
        String scheme = separator < 0 ? "" : rule.substring(0, separator).toLowerCase(Locale.ROOT);
        if (!scheme.matches("[a-z*][a-z0-9+.*-]*")) {
            throw new InvalidRule("\"" + rule + "\" is not scheme://host[:port][/path] (e.g. https://*.example.com/*)");
        }
        String rest = rule.substring(separator + 3);
        int end = firstOf(rest, "/?#");
        String authority = rest.substring(0, end);
        String path = rest.substring(end, firstOf(rest.substring(end), "?#") + end);
        if (authority.contains("@")) {
            throw new InvalidRule("\"" + rule + "\" names user info, which no server may have");
        }
        String host = authority;
        String port = null;
        int colon = authority.startsWith("[") ? authority.indexOf("]:") + 1 : authority.lastIndexOf(':');
        if (colon > 0) {
            host = authority.substring(0, colon);
            port = port(authority.substring(colon + 1), rule);
        }
        return new UrlPattern(rule, scheme, host(host, rule), port, ServerUrl.path(path));
    }

    /** Whether {@code url} matches; a deny rule compares paths ignoring case (a server may), an allow rule exactly. */
    public boolean matches(ServerUrl url, boolean pathIgnoringCase) {
        if (!Wildcard.matches(scheme, url.scheme(), false)) {
            return false;
        }
        boolean hostMatches = host.contains("*")
                ? UrlHosts.spellings(url.host()).stream().anyMatch(spelling -> Wildcard.matches(host, spelling, false))
                : host.equals(url.host());
        boolean portMatches = port == null ? url.port() == ServerUrl.defaultPort(url.scheme())
                : port.equals("*") || Integer.parseInt(port) == url.port();
        return hostMatches && portMatches && Wildcard.matches(path, url.path(), pathIgnoringCase);
    }

    private static int firstOf(String text, String characters) {
        for (int i = 0; i < text.length(); i++) {
            if (characters.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return text.length();
    }

    private static String port(String text, String rule) throws InvalidRule {
        if (text.isEmpty()) {
            return null;
        }
        if (text.equals("*")) {
            return text;
        }
        if (!text.matches("[0-9]{1,10}") || Long.parseLong(text) > 65_535) {
            throw new InvalidRule("\"" + rule + "\" has a port that is neither a number up to 65535 nor *");
        }
        return Integer.toString(Integer.parseInt(text));
    }

    private static String host(String text, String rule) throws InvalidRule {
        if (!text.contains("*")) {
            try {
                return UrlHosts.normalize(text);
            } catch (ServerUrl.Unreadable e) {
                throw new InvalidRule("\"" + rule + "\": " + e.getMessage());
            }
        }
        String glob = text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
        if (glob.startsWith("[")) {
            if (!glob.matches("\\[[0-9a-fA-F:.*]+]")) {
                throw new InvalidRule("\"" + rule + "\" has a host glob that is not an IPv6 address");
            }
            return glob.toLowerCase(Locale.ROOT);
        }
        List<String> labels = new ArrayList<>();
        for (String label : glob.split("\\.", -1)) {
            String ascii;
            try {
                ascii = label.contains("*") ? label : IDN.toASCII(label);
            } catch (IllegalArgumentException e) {
                throw new InvalidRule("\"" + rule + "\" has a host label that is not a valid international domain name");
            }
            ascii = ascii.toLowerCase(Locale.ROOT);
            if (!ascii.matches("[a-z0-9_*-]+")) {
                throw new InvalidRule("\"" + rule + "\" has a host glob that is not a host name");
            }
            labels.add(ascii);
        }
        return String.join(".", labels);
    }

    @Override
    public String toString() {
        return text;
    }
}
