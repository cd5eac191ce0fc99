package dev.tether.mcp.auth.dpop;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.Locale;

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
    private static final JOSEObjectType JOSE_TYPE = new JOSEObjectType(TYPE);
    private static final SecureRandom RANDOM = new SecureRandom();

    private DpopProof() {}

    /**
     * A signed proof for a {@code method} request to {@code target}.
     *
     * @param accessToken the token the request presents, hashed into {@code ath}; null for a token request
     * @param nonce       the server's latest {@code DPoP-Nonce}, or null when it named none
     */
    public static String create(DpopKey key, String method, URI target, String accessToken, String nonce, Instant now) {
        JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.ES256).type(JOSE_TYPE).jwk(key.jwk().toPublicJWK()).build();
        byte[] id = new byte[18];
        RANDOM.nextBytes(id);
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .jwtID(Base64URL.encode(id).toString())
                .claim("htm", method.toUpperCase(Locale.ROOT))
                .claim("htu", htu(target))
                // A Date is written in whole seconds, as iat wants (RFC 7519 §2 NumericDate).
                .issueTime(Date.from(now));
        if (accessToken != null) {
            claims.claim("ath", ath(accessToken));
        }
        if (nonce != null) {
            claims.claim("nonce", nonce);
        }
        SignedJWT proof = new SignedJWT(header, claims.build());
        try {
            proof.sign(new ECDSASigner(key.jwk()));
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a DPoP proof: " + e.getClass().getSimpleName());
        }
        return proof.serialize();
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
            return Base64URL.encode(MessageDigest.getInstance("SHA-256").digest(accessToken.getBytes(StandardCharsets.US_ASCII))).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code nonce} claim of a proof this class made (read unverified), or null when it has none or is not one. */
    public static String nonceOf(String proof) {
        if (proof == null) {
            return null;
        }
        try {
            return SignedJWT.parse(proof).getJWTClaimsSet().getStringClaim("nonce");
        } catch (ParseException e) {
            return null;
        }
    }
}
