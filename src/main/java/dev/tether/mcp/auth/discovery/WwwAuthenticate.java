package dev.tether.mcp.auth.discovery;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The Bearer (else the DPoP) challenge of a {@code WWW-Authenticate} header: {@code error},
 * {@code scope} and {@code resource_metadata} (RFC 6750 §3, RFC 9449 §7.1, RFC 9728 §5.1). Parsed
 * by hand because the header may carry several challenges and quoted strings with commas, and
 * Nimbus drops {@code resource_metadata}.
 */
public record WwwAuthenticate(String error, String scope, String resourceMetadata) {
    static final WwwAuthenticate EMPTY = new WwwAuthenticate(null, null, null);

    /** The Bearer challenge's parameters, else the DPoP challenge's (a DPoP-only server); {@link #EMPTY} when there is neither. */
    public static WwwAuthenticate parse(String header) {
        WwwAuthenticate bearer = parse(header, "Bearer");
        return bearer != EMPTY ? bearer : parse(header, "DPoP");
    }

    /** The parameters of the first challenge of {@code scheme}; {@link #EMPTY} when there is none. */
    public static WwwAuthenticate parse(String header, String scheme) {
        if (header == null) {
            return EMPTY;
        }
        Map<String, String> params = params(header, scheme);
        if (params == null) {
            return EMPTY;
        }
        return new WwwAuthenticate(blankToNull(params.get("error")), blankToNull(params.get("scope")),
                blankToNull(params.get("resource_metadata")));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** Parameters of the first challenge of {@code scheme}, or null when there is none. */
    private static Map<String, String> params(String header, String scheme) {
        int i = 0;
        int n = header.length();
        Map<String, String> current = null;
        Map<String, String> found = null;
        while (i < n) {
            while (i < n && (header.charAt(i) == ',' || Character.isWhitespace(header.charAt(i)))) {
                i++;
            }
            int start = i;
            while (i < n && isToken(header.charAt(i))) {
                i++;
            }
            if (start == i) {
                i++;
                continue;
            }
            String token = header.substring(start, i);
            int j = i;
            while (j < n && header.charAt(j) == ' ') {
                j++;
            }
            if (j < n && header.charAt(j) == '=') {
                // name=value: a parameter of the current challenge.
                j++;
                while (j < n && header.charAt(j) == ' ') {
                    j++;
                }
                StringBuilder value = new StringBuilder();
                if (j < n && header.charAt(j) == '"') {
                    j++;
                    while (j < n && header.charAt(j) != '"') {
                        if (header.charAt(j) == '\\' && j + 1 < n) {
                            j++;
                        }
                        value.append(header.charAt(j++));
                    }
                    j++;
                } else {
                    while (j < n && header.charAt(j) != ',' && !Character.isWhitespace(header.charAt(j))) {
                        value.append(header.charAt(j++));
                    }
                }
                if (current != null) {
                    current.putIfAbsent(token.toLowerCase(Locale.ROOT), value.toString());
                }
                i = j;
            } else {
                // A scheme name starts a new challenge.
                if (found != null) {
                    return found;
                }
                current = new HashMap<>();
                if (token.equalsIgnoreCase(scheme)) {
                    found = current;
                }
                // token68 after the scheme (e.g. "Basic abc==") is skipped with the rest.
            }
        }
        return found;
    }

    private static boolean isToken(char c) {
        return c > ' ' && c < 127 && "()<>@,;:\\\"/[]?={} \t".indexOf(c) < 0;
    }
}
