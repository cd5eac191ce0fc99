package dev.tether.mcp.auth.dpop;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An EC P-256 key pair that signs DPoP proofs with ES256. It is made in memory; the only way out is
 * {@link #privateJwk()}, which the OAuth core writes beside the token bound to it in the same
 * owner-only record (so a later process can present that token), and {@link #restore} reads back.
 * It is never printed ({@link #toString} names only the public thumbprint) or logged.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc9449.html#section-4.2">RFC 9449 §4.2</a>
 */
public final class DpopKey {
    /** The JWS algorithm of every proof (RFC 7518 §3.4). */
    public static final String ALGORITHM = "ES256";
    /** The members of a written key, in the order RFC 7638 §3.2 hashes the public ones; then the private {@code d}. */
    private static final List<String> PUBLIC_MEMBERS = List.of("crv", "kty", "x", "y");

    private final ECKey key;
    private final Map<String, String> publicJwk;
    private final String thumbprint;

    private DpopKey(ECKey key) throws JOSEException {
        this.key = key;
        this.publicJwk = Collections.unmodifiableMap(members(key.toPublicJWK().toJSONObject(), PUBLIC_MEMBERS));
        this.thumbprint = key.computeThumbprint().toString();
    }

    /** A fresh key pair. */
    public static DpopKey generate() {
        try {
            return new DpopKey(new ECKeyGenerator(Curve.P_256).generate());
        } catch (JOSEException e) {
            throw new IllegalStateException("this Java runtime cannot make EC P-256 keys", e);
        }
    }

    /**
     * The key pair as written in a JWK ({@code crv}, {@code kty}, {@code x}, {@code y} and the private
     * {@code d}), or null when {@code jwk} is not a P-256 key pair whose halves belong together.
     * Nothing of the input is echoed in any message.
     */
    public static DpopKey restore(Map<String, String> jwk) {
        if (jwk == null || !"EC".equals(jwk.get("kty")) || !"P-256".equals(jwk.get("crv")) || jwk.get("d") == null) {
            return null;
        }
        try {
            // Nimbus refuses coordinates off the curve; that the private half belongs to them is checked by signing.
            ECKey parsed = ECKey.parse(Map.<String, Object>copyOf(jwk));
            if (!Curve.P_256.equals(parsed.getCurve()) || !parsed.isPrivate() || !signsFor(parsed)) {
                return null;
            }
            return new DpopKey(parsed);
        } catch (java.text.ParseException | JOSEException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The whole key pair as a JWK, private {@code d} included: only for the owner-only record that
     * holds the token bound to it, which is exactly as sensitive.
     */
    public Map<String, String> privateJwk() {
        Map<String, String> jwk = new LinkedHashMap<>(publicJwk);
        jwk.put("d", key.getD().toString());
        return jwk;
    }

    /** The public key as a JWK ({@code crv}, {@code kty}, {@code x}, {@code y}); never the private part. */
    public Map<String, String> publicJwk() {
        return publicJwk;
    }

    /** The RFC 7638 SHA-256 thumbprint of the public key, base64url: what a bound token's {@code cnf.jkt} names. */
    public String thumbprint() {
        return thumbprint;
    }

    /** The Nimbus key pair, for {@link DpopProof} to sign with and to name its public half. */
    ECKey jwk() {
        return key;
    }

    @Override
    public String toString() {
        return "DpopKey[jkt=" + thumbprint + "]";
    }

    /** Whether a signature of {@code pair}'s private half verifies with its public half: the halves of a restored pair belong together. */
    private static boolean signsFor(ECKey pair) throws JOSEException {
        JWSObject probe = new JWSObject(new JWSHeader(JWSAlgorithm.ES256), new Payload("tether-dpop-key-check"));
        probe.sign(new ECDSASigner(pair));
        return probe.verify(new ECDSAVerifier(pair.toPublicJWK()));
    }

    private static Map<String, String> members(Map<String, Object> json, List<String> names) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : names) {
            out.put(name, String.valueOf(json.get(name)));
        }
        return out;
    }
}
