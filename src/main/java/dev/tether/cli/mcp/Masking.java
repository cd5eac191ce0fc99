package dev.tether.cli.mcp;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How {@code tether mcp get} and {@code list} show values that may be secrets. A variable or header
 * whose name looks secret ({@code API_KEY}, {@code Authorization}, {@code X-Auth-Token}, …) shows
 * {@code ****}, unless its value is only {@code ${VAR}} references (with an optional
 * {@code Bearer }/{@code Basic } scheme): a reference is shown as written, since it names where the
 * secret comes from, never the secret. In URLs, the password of user info and query values whose
 * names look secret are masked.
 */
final class Masking {
    static final String MASK = "****";
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(key|token|secret|passw|pwd|auth|credential|cookie|session|private|signature|bearer).*");
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{[^}]*}");
    private static final Pattern ONLY_SCHEME = Pattern.compile("(?i)\\s*(bearer|basic|token)?\\s*");

    private Masking() {}

    static boolean secretName(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    /** {@code value} of the variable or header {@code name}, as it may be shown. */
    static String value(String name, String value) {
        if (!secretName(name) || onlyReferences(value)) {
            return value;
        }
        return MASK;
    }

    static Map<String, String> values(Map<String, String> values) {
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, value(k, v)));
        return out;
    }

    private static boolean onlyReferences(String value) {
        return REFERENCE.matcher(value).find() && ONLY_SCHEME.matcher(REFERENCE.matcher(value).replaceAll("")).matches();
    }

    /** {@code url} with a user-info password and secret-looking query values masked. */
    static String url(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return url.contains("?") ? url.substring(0, url.indexOf('?')) + "?" + MASK : url;
        }
        String shown = url;
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null && userInfo.contains(":") && !onlyReferences(userInfo.substring(userInfo.indexOf(':') + 1))) {
            shown = shown.replace(userInfo + "@", userInfo.substring(0, userInfo.indexOf(':')) + ":" + MASK + "@");
        }
        String query = uri.getRawQuery();
        if (query != null) {
            StringBuilder masked = new StringBuilder();
            for (String pair : query.split("&", -1)) {
                int eq = pair.indexOf('=');
                String key = eq < 0 ? pair : pair.substring(0, eq);
                masked.append(masked.isEmpty() ? "" : "&").append(eq < 0 ? pair : key + "=" + value(key, pair.substring(eq + 1)));
            }
            shown = shown.replace("?" + query, "?" + masked);
        }
        return shown;
    }
}
