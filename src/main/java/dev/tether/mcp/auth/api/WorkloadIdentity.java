package dev.tether.mcp.auth.api;

import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Where a workload's identity token comes from, for the JWT-bearer grant of workload identity
 * federation (RFC 7523 §2.1): a file the platform keeps fresh (a Kubernetes projected service
 * account token, a CI job's OIDC token) or an environment variable, never the token in the config.
 *
 * <p>The file is read at every authorization, so a rotated token is picked up; at most
 * {@link #MAX_TOKEN_BYTES}, and only a compact JWT is sent. Before a token goes to an
 * authorization server it must be meant for it: its {@code aud} names the server's issuer or
 * token endpoint, or the config pins the issuer it may be sent to. An expired token is not sent.
 * A token the authorization server refused is not sent again (no retry, and no other grant):
 * the next authorization fails at once with the same reason until the source holds a new token.
 * The token never appears in messages: {@link #toString} names the source only.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc7523#section-2.1">RFC 7523 §2.1: JWT as an authorization grant</a>
 */
public final class WorkloadIdentity {
    /** The largest token file read, in bytes; identity tokens are a few KiB at most. */
    public static final int MAX_TOKEN_BYTES = 16 * 1024;
    private static final Pattern COMPACT_JWT = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");

    private final Path tokenFile;
    private final String tokenEnv;
    private final String issuer;
    private final Secret envValue;
    private final Consumer<String> onRead;
    /** Refused tokens (by digest) and why, for the life of this identity (a session's runtime). */
    private final Map<String, String> refusals = new ConcurrentHashMap<>();

    private WorkloadIdentity(Path tokenFile, String tokenEnv, String issuer, Secret envValue, Consumer<String> onRead) {
        this.tokenFile = tokenFile;
        this.tokenEnv = tokenEnv;
        this.issuer = issuer;
        this.envValue = envValue;
        this.onRead = onRead;
    }

    /**
     * A token read from {@code file} (absolute) at each authorization.
     *
     * @param issuer the only authorization server the token may be sent to, compared exactly; null to
     *               require instead that the token's {@code aud} names the authorization server
     */
    public static WorkloadIdentity fromFile(Path file, String issuer) {
        if (!file.isAbsolute()) {
            throw new IllegalArgumentException("the workload identity token file must be an absolute path");
        }
        return new WorkloadIdentity(file, null, issuer, null, value -> { });
    }

    /** A token from the environment variable {@code name}, bound by {@link #resolve}; {@code issuer} as above. */
    public static WorkloadIdentity fromEnv(String name, String issuer) {
        return new WorkloadIdentity(null, Objects.requireNonNull(name, "name"), issuer, null, value -> { });
    }

    /**
     * This source for one runtime: the variable's value taken from {@code env}, and {@code onRead}
     * told every token read (to register it as a secret that output is masked against).
     */
    public WorkloadIdentity resolve(Map<String, String> env, Consumer<String> onRead) {
        Secret value = tokenEnv == null ? null : Secret.ofNullable(env.get(tokenEnv));
        if (value != null) {
            onRead.accept(value.value());
        }
        return new WorkloadIdentity(tokenFile, tokenEnv, issuer, value, Objects.requireNonNull(onRead, "onRead"));
    }

    /** The pinned issuer, or null. */
    public String issuer() {
        return issuer;
    }

    /** Where the token comes from, for messages: never its value. */
    public String source() {
        return tokenFile != null ? "file " + tokenFile : "environment variable " + tokenEnv;
    }

    @Override
    public String toString() {
        return "WorkloadIdentity[" + source() + (issuer == null ? "" : ", issuer " + issuer) + "]";
    }

    /**
     * The token to present to the authorization server whose issuer is {@code serverIssuer} (and
     * whose token endpoint is {@code tokenEndpoint}, or null), checked: a compact JWT, not expired,
     * meant for that server, and not refused before.
     */
    public Secret assertionFor(String serverIssuer, String tokenEndpoint) throws AuthException {
        Secret token = read();
        onRead.accept(token.value());
        String refusal = refusals.get(token.digest());
        if (refusal != null) {
            throw new AuthException("the workload identity token from " + source() + " was refused before (" + refusal
                    + "); it is not sent again: provide a new token");
        }
        JWTClaimsSet claims = claims(token);
        Date expiry = claims.getExpirationTime();
        if (expiry != null && !expiry.toInstant().isAfter(Instant.now())) {
            throw new AuthException("the workload identity token from " + source() + " expired at " + expiry.toInstant());
        }
        if (issuer != null) {
            if (!issuer.equals(serverIssuer)) {
                throw new AuthException("the workload identity token from " + source() + " may be sent only to " + issuer
                        + ", and this server's authorization server is " + serverIssuer + "; refusing to send it");
            }
        } else if (!meantFor(claims.getAudience(), serverIssuer, tokenEndpoint)) {
            throw new AuthException("the workload identity token from " + source() + " is not meant for the authorization server "
                    + serverIssuer + " (its aud names neither the issuer nor the endpoint that issues tokens); refusing to send it");
        }
        return token;
    }

    /** Remembers that {@code token} was refused for {@code reason}: it is not presented again. */
    public void refused(Secret token, String reason) {
        refusals.put(token.digest(), reason);
    }

    private Secret read() throws AuthException {
        String text;
        if (tokenFile == null) {
            if (envValue == null) {
                throw new AuthException("the variable " + tokenEnv + " that holds the workload identity token is not set");
            }
            text = envValue.value();
        } else {
            try (InputStream in = Files.newInputStream(tokenFile)) {
                byte[] bytes = in.readNBytes(MAX_TOKEN_BYTES + 1);
                if (bytes.length > MAX_TOKEN_BYTES) {
                    throw new AuthException("the workload identity token file " + tokenFile + " is larger than "
                            + MAX_TOKEN_BYTES + " bytes");
                }
                text = new String(bytes, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new AuthException("the workload identity token file " + tokenFile + " cannot be read: "
                        + e.getClass().getSimpleName());
            }
        }
        String token = text.strip();
        if (!COMPACT_JWT.matcher(token).matches()) {
            throw new AuthException("the " + source() + " does not hold a JWT; nothing was sent");
        }
        return new Secret(token);
    }

    private JWTClaimsSet claims(Secret token) throws AuthException {
        try {
            JWT jwt = JWTParser.parse(token.value());
            return jwt.getJWTClaimsSet();
        } catch (ParseException e) {
            throw new AuthException("the " + source() + " does not hold a readable JWT; nothing was sent");
        }
    }

    /** Whether an audience names {@code issuer} or {@code tokenEndpoint} (a trailing slash aside). */
    private static boolean meantFor(List<String> audience, String issuer, String tokenEndpoint) {
        if (audience == null) {
            return false;
        }
        for (String aud : audience) {
            String a = trimSlash(aud);
            if (a.equals(trimSlash(issuer)) || (tokenEndpoint != null && a.equals(trimSlash(tokenEndpoint)))) {
                return true;
            }
        }
        return false;
    }

    private static String trimSlash(String url) {
        int end = url.length();
        while (end > 0 && url.charAt(end - 1) == '/') {
            end--;
        }
        return url.substring(0, end);
    }
}
