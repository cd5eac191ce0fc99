package dev.tether.mcp.auth.dpop;

import dev.tether.json.Json;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.util.Base64;
import tools.jackson.databind.JsonNode;

/**
 * Checks a DPoP proof as a server would, with nothing of Tether's code: splits the JWT, rebuilds
 * the public key from its {@code jwk} header with java.security, and verifies the ES256 signature
 * (R||S). For tests on both sides of the wire.
 */
public final class ProofVerifier {
    /** A verified proof: its header, its claims and the RFC 7638 thumbprint of its key. */
    public record Verified(JsonNode header, JsonNode claims, String thumbprint) {
        public String claim(String name) {
            JsonNode n = claims.get(name);
            return n == null || n.isNull() ? null : n.asString();
        }
    }

    private ProofVerifier() {}

    /** The proof's parts after its signature verified; throws {@link AssertionError} otherwise. */
    public static Verified verify(String jwt) throws Exception {
        String[] parts = jwt.split("\\.", -1);
        if (parts.length != 3) {
            throw new AssertionError("not a compact JWS: " + parts.length + " parts");
        }
        JsonNode header = Json.parse(new String(decode(parts[0]), StandardCharsets.UTF_8));
        JsonNode claims = Json.parse(new String(decode(parts[1]), StandardCharsets.UTF_8));
        JsonNode jwk = header.path("jwk");
        byte[] x = decode(jwk.path("x").asString());
        byte[] y = decode(jwk.path("y").asString());
        AlgorithmParameters params = AlgorithmParameters.getInstance("EC");
        params.init(new ECGenParameterSpec("secp256r1"));
        ECPublicKey key = (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(
                new ECPoint(new BigInteger(1, x), new BigInteger(1, y)), params.getParameterSpec(ECParameterSpec.class)));
        byte[] signature = decode(parts[2]);
        if (signature.length != 64) {
            throw new AssertionError("an ES256 JWS signature is R||S, 64 bytes; got " + signature.length);
        }
        Signature verifier = Signature.getInstance("SHA256withECDSAinP1363Format");
        verifier.initVerify(key);
        verifier.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
        if (!verifier.verify(signature)) {
            throw new AssertionError("the proof's signature does not verify with its own jwk");
        }
        String canonical = "{\"crv\":\"" + jwk.path("crv").asString() + "\",\"kty\":\"" + jwk.path("kty").asString()
                + "\",\"x\":\"" + jwk.path("x").asString() + "\",\"y\":\"" + jwk.path("y").asString() + "\"}";
        return new Verified(header, claims, sha256(canonical));
    }

    /** base64url(SHA-256(text)), as {@code ath} and RFC 7638 thumbprints are written. */
    public static String sha256(String text) throws Exception {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
    }

    private static byte[] decode(String part) {
        return Base64.getUrlDecoder().decode(part);
    }
}
