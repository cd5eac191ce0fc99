package dev.tether.http;

import java.util.Map;

/**
 * What the browser brought back to the loopback listener: the OAuth response parameters it
 * carried, each present at most once. Other query parameters are dropped.
 *
 * @param params {@code code}, {@code state}, {@code iss}, {@code error}, {@code error_description} as present
 * @see <a href="https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2">RFC 6749 §4.1.2</a>
 */
public record Redirect(Map<String, String> params) {
    /** The parameters kept from the query. */
    public static final java.util.List<String> NAMES = java.util.List.of("code", "state", "iss", "error", "error_description");

    public Redirect {
        params = Map.copyOf(params);
    }

    public String code() {
        return params.get("code");
    }

    public String state() {
        return params.get("state");
    }

    public String error() {
        return params.get("error");
    }

    /** Never prints the parameters: a code is a credential for a few minutes. */
    @Override
    public String toString() {
        return "Redirect" + params.keySet();
    }
}
