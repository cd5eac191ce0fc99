package dev.tether.mcp.auth.dpop;

import dev.tether.json.Json;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One DPoP proof: a JWT signed with the client's {@link DpopKey}, whose header carries
 * {@code typ: dpop+jwt}, {@code alg: ES256} and the public {@code jwk}, and whose claims name a
 * fresh {@code jti}, the request's method ({@code htm}) and URL without query or fragment
 * ({@code htu}), the time ({@code iat}) and, where they apply, the hash of the access token it
 * accompanies ({@code ath}) and the server's {@code nonce}.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9449.html#section-4.2">RFC 9449 §4.2</a>
 */
public final class DpopProof {
    public static final String TYPE = "dpop+jwt";
    private static final SecureRandom RANDOM = new SecureRandom();

    private DpopProof() {}

    /**
     * A signed proof for a {@code method} request to {@code target}.
     *
     * @param accessToken the token the request presents, hashed into {@code ath}; null for a token request
     * @param nonce       the server's latest {@code DPoP-Nonce}, or null when it named none
     */
    public static String create(DpopKey key, String method, URI target, String accessToken, String nonce, Instant now) {
        ObjectNode header = Json.object();
        header.put("typ", TYPE);
        header.put("alg", DpopKey.ALGORITHM);
        ObjectNode jwk = header.putObject("jwk");
        key.publicJwk().forEach(jwk::put);
        ObjectNode claims = Json.object();
        byte[] id = new byte[18];
        RANDOM.nextBytes(id);
        claims.put("jti", DpopKey.base64url(id));
        claims.put("htm", method.toUpperCase(Locale.ROOT));
        claims.put("htu", htu(target));
        claims.put("iat", now.getEpochSecond());
        if (accessToken != null) {
            claims.put("ath", ath(accessToken));
        }
        if (nonce != null) {
            claims.put("nonce", nonce);
        }
        String input = part(header) + "." + part(claims);
        return input + "." + DpopKey.base64url(key.sign(input.getBytes(StandardCharsets.US_ASCII)));
    }

    /** The {@code htu} of a request to {@code target}: scheme, host, port and path; no query, no fragment (§4.2). */
    public static String htu(URI target) {
        String scheme = target.getScheme().toLowerCase(Locale.ROOT);
        String host = target.getHost().toLowerCase(Locale.ROOT);
        String port = target.getPort() < 0 ? "" : ":" + target.getPort();
        String path = target.getRawPath() == null ? "" : target.getRawPath();
        return scheme + "://" + host + port + path;
    }

    /** The {@code ath} of {@code accessToken}: base64url of its SHA-256 over its ASCII bytes (§4.2). */
    public static String ath(String accessToken) {
        try {
            return DpopKey.base64url(MessageDigest.getInstance("SHA-256").digest(accessToken.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code nonce} claim of a proof this class made, or null when it has none or is not one. */
    public static String nonceOf(String proof) {
        JsonNode claims = claims(proof);
        JsonNode nonce = claims == null ? null : claims.get("nonce");
        return nonce != null && nonce.isString() ? nonce.asString() : null;
    }

    /** The claims of a compact JWT, unverified (for Tether's own proofs only), or null when it is not one. */
    static JsonNode claims(String jwt) {
        if (jwt == null) {
            return null;
        }
        String[] parts = jwt.split("\\.", -1);
        if (parts.length != 3) {
            return null;
        }
        try {
            JsonNode claims = Json.parse(new String(DpopKey.unbase64url(parts[1]), StandardCharsets.UTF_8));
            return claims.isObject() ? claims : null;
        } catch (IllegalArgumentException | JacksonException e) {
            return null;
        }
    }

    private static String part(JsonNode json) {
        return DpopKey.base64url(Json.write(json).getBytes(StandardCharsets.UTF_8));
    }
}
