package dev.tether.config;

import dev.tether.base.net.ExtraTrust;
import dev.tether.base.net.Network;
import dev.tether.base.net.ProxyRules;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The network Tether's HTTP clients use: proxies from {@code HTTPS_PROXY} / {@code HTTP_PROXY} /
 * {@code NO_PROXY} (the lower-case form wins when both are set, as in curl), and extra certificate
 * authorities from the PEM files named by the config file's {@code "network": {"caBundle": ...}}
 * (relative to the config file's directory) and by {@code NODE_EXTRA_CA_CERTS}, added to the
 * JDK's trust. A bad value is a warning and is left out: Tether always starts.
 */
final class NetworkConfig {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(NetworkConfig.class);
    }
    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\\s]+?)-----END CERTIFICATE-----");
    /** A CA bundle larger than this is not a bundle. */
    private static final long MAX_BUNDLE_BYTES = 4L * 1024 * 1024;

    private NetworkConfig() {}

    static Network from(JsonNode file, Map<String, String> env, Path configDir) {
        // The bundle is read and the TLS context built when the first client needs it, off the initialize path.
        return Network.lazy(proxies(env).selector(), () -> tls(file, env, configDir));
    }

    static ProxyRules proxies(Map<String, String> env) {
        try {
            return ProxyRules.of(variable(env, "http_proxy"), variable(env, "https_proxy"), variable(env, "no_proxy"));
        } catch (IllegalArgumentException e) {
            log().warn("ignoring the proxy settings: {}", e.getMessage());
            return ProxyRules.NONE;
        }
    }

    /** The lower-case variable when set, else the upper-case one. */
    private static String variable(Map<String, String> env, String lower) {
        String value = env.get(lower);
        return value != null && !value.isBlank() ? value : env.get(lower.toUpperCase(java.util.Locale.ROOT));
    }

    private static javax.net.ssl.SSLContext tls(JsonNode file, Map<String, String> env, Path configDir) {
        List<X509Certificate> extra = new ArrayList<>();
        JsonNode bundle = file.path("network").path("caBundle");
        if (!bundle.isMissingNode() && !bundle.isNull()) {
            if (bundle.isString() && !bundle.asString().isBlank()) {
                extra.addAll(certificates(configDir.resolve(bundle.asString()), "network.caBundle"));
            } else {
                log().warn("config: network.caBundle must be the path of a PEM file; ignoring it");
            }
        }
        String nodeExtra = env.get("NODE_EXTRA_CA_CERTS");
        if (nodeExtra != null && !nodeExtra.isBlank()) {
            extra.addAll(certificates(Path.of(nodeExtra), "NODE_EXTRA_CA_CERTS"));
        }
        try {
            // Without extra authorities: the JDK's trust, wrapped so a refused certificate is named.
            return extra.isEmpty() ? ExtraTrust.namingDefault() : ExtraTrust.context(extra);
        } catch (GeneralSecurityException e) {
            log().warn("cannot add the extra certificate authorities ({}); using the JDK's own", e.getMessage());
            return null;
        }
    }

    /** The certificates of a PEM file; none (and a warning) when it cannot be read or holds none. */
    static List<X509Certificate> certificates(Path pem, String setting) {
        String text;
        try {
            if (Files.size(pem) > MAX_BUNDLE_BYTES) {
                log().warn("{}: {} is larger than 4 MB; ignoring it", setting, pem);
                return List.of();
            }
            text = Files.readString(pem, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            log().warn("{}: cannot read {} ({}); ignoring it", setting, pem, e.getClass().getSimpleName());
            return List.of();
        }
        List<X509Certificate> out = new ArrayList<>();
        Matcher m = PEM.matcher(text);
        try {
            CertificateFactory factory = CertificateFactory.getInstance("X.509");
            while (m.find()) {
                byte[] der = Base64.getMimeDecoder().decode(m.group(1));
                out.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
            }
        } catch (CertificateException | IllegalArgumentException e) {
            log().warn("{}: {} holds a certificate that cannot be read; ignoring the file", setting, pem);
            return List.of();
        }
        if (out.isEmpty()) {
            log().warn("{}: {} holds no PEM certificate; ignoring it", setting, pem);
        }
        return out;
    }
}
