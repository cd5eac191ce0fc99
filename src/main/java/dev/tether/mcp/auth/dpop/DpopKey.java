package dev.tether.mcp.auth.dpop;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Base64;
import java.util.LinkedHashMap;
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
    private static final int COORDINATE_BYTES = 32;
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final KeyPair pair;
    private final Map<String, String> publicJwk;
    private final String thumbprint;

    private DpopKey(KeyPair pair) {
        this.pair = pair;
        ECPublicKey pub = (ECPublicKey) pair.getPublic();
        Map<String, String> jwk = new LinkedHashMap<>();
        // RFC 7638 §3.2: the thumbprint hashes exactly these members, in this (lexicographic) order.
        jwk.put("crv", "P-256");
        jwk.put("kty", "EC");
        jwk.put("x", BASE64URL.encodeToString(fixed(pub.getW().getAffineX())));
        jwk.put("y", BASE64URL.encodeToString(fixed(pub.getW().getAffineY())));
        this.publicJwk = java.util.Collections.unmodifiableMap(jwk);
        this.thumbprint = computeThumbprint(jwk);
    }

    /** A fresh key pair. */
    public static DpopKey generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return new DpopKey(generator.generateKeyPair());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this Java runtime cannot make EC P-256 keys", e);
        }
    }

    /**
     * The key pair as written in a JWK ({@code crv}, {@code kty}, {@code x}, {@code y} and the private
     * {@code d}), or null when {@code jwk} is not a P-256 key pair whose halves belong together.
     * Nothing of the input is echoed in any message.
     */
    public static DpopKey restore(Map<String, String> jwk) {
        if (jwk == null || !"EC".equals(jwk.get("kty")) || !"P-256".equals(jwk.get("crv"))) {
            return null;
        }
        try {
            byte[] x = unbase64url(jwk.get("x"));
            byte[] y = unbase64url(jwk.get("y"));
            byte[] d = unbase64url(jwk.get("d"));
            if (x.length != COORDINATE_BYTES || y.length != COORDINATE_BYTES || d.length != COORDINATE_BYTES) {
                return null;
            }
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
            parameters.init(new ECGenParameterSpec("secp256r1"));
            ECParameterSpec curve = parameters.getParameterSpec(ECParameterSpec.class);
            KeyFactory factory = KeyFactory.getInstance("EC");
            ECPublicKey pub = (ECPublicKey) factory.generatePublic(new ECPublicKeySpec(
                    new ECPoint(new BigInteger(1, x), new BigInteger(1, y)), curve));
            ECPrivateKey priv = (ECPrivateKey) factory.generatePrivate(new ECPrivateKeySpec(new BigInteger(1, d), curve));
            DpopKey key = new DpopKey(new KeyPair(pub, priv));
            return key.signsFor(pub) ? key : null;
        } catch (GeneralSecurityException | IllegalArgumentException | NullPointerException e) {
            return null;
        }
    }

    /**
     * The whole key pair as a JWK, private {@code d} included: only for the owner-only record that
     * holds the token bound to it, which is exactly as sensitive.
     */
    public Map<String, String> privateJwk() {
        Map<String, String> jwk = new LinkedHashMap<>(publicJwk);
        jwk.put("d", BASE64URL.encodeToString(fixed(((ECPrivateKey) pair.getPrivate()).getS())));
        return jwk;
    }

    /** Whether a signature of this key's private half verifies with {@code pub}: the halves of a restored pair belong together. */
    private boolean signsFor(ECPublicKey pub) throws GeneralSecurityException {
        byte[] probe = "tether-dpop-key-check".getBytes(StandardCharsets.US_ASCII);
        Signature verifier = Signature.getInstance("SHA256withECDSAinP1363Format");
        verifier.initVerify(pub);
        verifier.update(probe);
        return verifier.verify(sign(probe));
    }

    /** The public key as a JWK ({@code crv}, {@code kty}, {@code x}, {@code y}); never the private part. */
    public Map<String, String> publicJwk() {
        return publicJwk;
    }

    /** The RFC 7638 SHA-256 thumbprint of the public key, base64url: what a bound token's {@code cnf.jkt} names. */
    public String thumbprint() {
        return thumbprint;
    }

    /** The ES256 signature of {@code input} in the JWS form: R and S, 32 bytes each, not DER. */
    byte[] sign(byte[] input) {
        try {
            Signature signature = Signature.getInstance("SHA256withECDSAinP1363Format");
            signature.initSign(pair.getPrivate());
            signature.update(input);
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a DPoP proof: " + e.getClass().getSimpleName());
        }
    }

    @Override
    public String toString() {
        return "DpopKey[jkt=" + thumbprint + "]";
    }

    /** A coordinate as exactly 32 big-endian bytes (BigInteger adds a sign byte or drops leading zeros). */
    private static byte[] fixed(BigInteger value) {
        byte[] raw = value.toByteArray();
        if (raw.length == COORDINATE_BYTES) {
            return raw;
        }
        byte[] out = new byte[COORDINATE_BYTES];
        int copy = Math.min(raw.length, COORDINATE_BYTES);
        System.arraycopy(raw, raw.length - copy, out, COORDINATE_BYTES - copy, copy);
        return out;
    }

    private static String computeThumbprint(Map<String, String> jwk) {
        StringBuilder json = new StringBuilder("{");
        jwk.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":\"").append(v).append('"'));
        json.append('}');
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(json.toString().getBytes(StandardCharsets.UTF_8));
            return BASE64URL.encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String base64url(byte[] bytes) {
        return BASE64URL.encodeToString(bytes);
    }

    static byte[] unbase64url(String text) {
        return Base64.getUrlDecoder().decode(text);
    }
}
