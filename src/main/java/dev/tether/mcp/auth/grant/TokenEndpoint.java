package dev.tether.mcp.auth.grant;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthHttp;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.credential.Tokens;
import dev.tether.mcp.auth.discovery.ServerMetadata;
import dev.tether.mcp.auth.dpop.DpopProof;
import dev.tether.mcp.auth.dpop.DpopProofs;
import dev.tether.mcp.auth.registration.OAuthClient;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * Token requests (RFC 6749 §3.2) with the client's authentication method — {@code none},
 * {@code client_secret_basic}, {@code client_secret_post} or {@code private_key_jwt} (RFC 7523,
 * ES256, {@code iss = sub = client_id}, {@code aud} = the issuer) — with a DPoP proof where the
 * server offers DPoP (RFC 9449 §5), and their answers.
 * Error messages name the server's {@code error} code, never a token.
 */
public final class TokenEndpoint {
    static final String JWT_BEARER_ASSERTION = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    static final Duration ASSERTION_LIFETIME = Duration.ofMinutes(5);
    public static final String USE_DPOP_NONCE = "use_dpop_nonce";

    private final AuthHttp http;
    private final Supplier<DpopProofs> dpop;

    /** {@code dpop} gives the server's DPoP state when a token request needs a proof; null for none. */
    public TokenEndpoint(AuthHttp http, Supplier<DpopProofs> dpop) {
        this.http = http;
        this.dpop = dpop;
    }

    /** POSTs {@code params} plus the client's authentication to the server's token endpoint. */
    Tokens request(ServerMetadata server, OAuthClient client, Map<String, String> params) throws AuthException {
        return request(server, client, params, false);
    }

    /**
     * As above; the request carries a DPoP proof when the server offers DPoP or {@code bound} (a
     * refresh of a DPoP-bound token). A {@code use_dpop_nonce} refusal that names a new nonce is
     * answered by sending the request once more with it (RFC 9449 §8).
     */
    public Tokens request(ServerMetadata server, OAuthClient client, Map<String, String> params, boolean bound) throws AuthException {
        if (server.tokenEndpoint() == null) {
            throw new AuthException("the authorization server publishes no token endpoint");
        }
        URI endpoint = AuthHttp.checked(server.tokenEndpoint(), "the token endpoint");
        DpopProofs proofs = dpop != null && (bound || server.offersDpop()) ? dpop.get() : null;
        for (int attempt = 1; ; attempt++) {
            Map<String, String> form = new LinkedHashMap<>(params);
            Map<String, String> headers = new LinkedHashMap<>();
            authenticate(client, server.issuer(), form, headers);
            String proof = proofs == null ? null : proofs.forTokenRequest(endpoint);
            if (proof != null) {
                headers.put("DPoP", proof);
            }
            AuthHttp.Answer answer = http.postForm(endpoint, form, headers, "the token endpoint");
            if (proofs != null && answer.header("DPoP-Nonce") != null) {
                boolean fresh = !answer.header("DPoP-Nonce").equals(DpopProof.nonceOf(proof));
                if (proofs.authorizationServer().offer(answer.header("DPoP-Nonce")) && fresh && attempt == 1
                        && !answer.ok() && USE_DPOP_NONCE.equals(answer.body().path("error").asString(""))) {
                    continue;
                }
            }
            return parse(checked(answer, form, "the token endpoint"), proofs);
        }
    }

    /** POSTs a form to a token endpoint without client authentication (e.g. an identity provider's token exchange). */
    JsonNode call(URI endpoint, Map<String, String> form, Map<String, String> headers, String what) throws AuthException {
        return checked(http.postForm(endpoint, form, headers, what), form, what);
    }

    /** The body of a successful answer; a refusal becomes an error naming the server's code, never a form value. */
    private static JsonNode checked(AuthHttp.Answer answer, Map<String, String> form, String what) throws AuthException {
        if (!answer.ok()) {
            String message = what + " refused the request (HTTP " + answer.status() + AuthHttp.describe(answer.body()) + ")";
            // A server may echo what it was sent (a refresh token, a code) in its description.
            for (String value : form.values()) {
                if (value.length() >= 8) {
                    message = message.replace(value, "[redacted]");
                }
            }
            throw new AuthException(message, true);
        }
        return answer.body();
    }

    static void authenticate(OAuthClient client, String audience, Map<String, String> form, Map<String, String> headers)
            throws AuthException {
        switch (client.authMethod()) {
            case "none" -> form.put("client_id", client.clientId());
            case "client_secret_basic" -> {
                String pair = AuthHttp.encode(client.clientId()) + ":" + AuthHttp.encode(secret(client).value());
                headers.put("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
            }
            case "client_secret_post" -> {
                form.put("client_id", client.clientId());
                form.put("client_secret", secret(client).value());
            }
            case "private_key_jwt" -> {
                form.put("client_id", client.clientId());
                form.put("client_assertion_type", JWT_BEARER_ASSERTION);
                form.put("client_assertion", assertion(client, audience));
            }
            default -> throw new AuthException("token endpoint auth method \"" + client.authMethod() + "\" is not supported");
        }
    }

    private static Secret secret(OAuthClient client) throws AuthException {
        if (client.secret() == null) {
            throw new AuthException("client " + client.clientId() + " uses " + client.authMethod() + " but has no secret configured");
        }
        return client.secret();
    }

    /** A signed client assertion (RFC 7523 §2.2): ES256 over {@code iss = sub = client_id}, {@code aud}, short expiry, fresh {@code jti}. */
    static String assertion(OAuthClient client, String audience) throws AuthException {
        if (client.privateKey() == null) {
            throw new AuthException("client " + client.clientId() + " uses private_key_jwt but has no private key configured");
        }
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(client.clientId()).subject(client.clientId()).audience(audience)
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plus(ASSERTION_LIFETIME)))
                .jwtID(UUID.randomUUID().toString())
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).type(JOSEObjectType.JWT).build(), claims);
        try {
            jwt.sign(new ECDSASigner(ecKey(client.privateKey())));
        } catch (JOSEException e) {
            throw new AuthException("cannot sign the client assertion for " + client.clientId() + ": " + e.getClass().getSimpleName());
        }
        return jwt.serialize();
    }

    /** A PKCS#8 PEM EC private key. */
    static ECPrivateKey ecKey(Secret pem) throws AuthException {
        String base64 = pem.value().replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
        try {
            byte[] der = Base64.getDecoder().decode(base64);
            return (ECPrivateKey) KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (IllegalArgumentException | GeneralSecurityException | ClassCastException e) {
            throw new AuthException("the configured private key is not a PKCS#8 PEM EC key");
        }
    }

    /**
     * A token answer (RFC 6749 §5.1): {@code token_type} Bearer (or none), or DPoP when the request
     * carried a proof of {@code proofs} (the token is then bound to its key, RFC 9449 §5).
     */
    static Tokens parse(JsonNode body, DpopProofs proofs) throws AuthException {
        String access = body.path("access_token").asString("");
        if (access.isEmpty()) {
            throw new AuthException("the token endpoint answered without an access token");
        }
        String type = body.path("token_type").asString("");
        boolean dpopBound = proofs != null && type.equalsIgnoreCase("DPoP");
        if (!type.isEmpty() && !type.equalsIgnoreCase("Bearer") && !dpopBound) {
            throw new AuthException("the token endpoint issued a \"" + type + "\" token; MCP needs a Bearer token"
                    + (proofs == null ? "" : " or a DPoP one"));
        }
        JsonNode expires = body.get("expires_in");
        Instant expiresAt = expires != null && expires.isNumber() ? Instant.now().plusSeconds(expires.asLong()) : null;
        String scope = body.path("scope").asString(null);
        return new Tokens(new Secret(access), Secret.ofNullable(body.path("refresh_token").asString(null)), expiresAt, scope,
                dpopBound ? proofs.thumbprint() : null);
    }
}
