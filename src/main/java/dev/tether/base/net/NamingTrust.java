package dev.tether.base.net;

import java.net.Socket;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A trust manager that decides as the one it wraps, and when it refuses a server, says whose
 * certificate it refused and why in words ({@code the certificate of CN=… is not trusted: …}):
 * the JDK's own refusal names neither. {@link dev.tether.base.FailureWords} shows that message.
 */
final class NamingTrust extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager trust;

    NamingTrust(X509ExtendedTrustManager trust) {
        this.trust = trust;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        try {
            trust.checkServerTrusted(chain, authType, socket);
        } catch (CertificateException e) {
            throw named(chain, e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        try {
            trust.checkServerTrusted(chain, authType, engine);
        } catch (CertificateException e) {
            throw named(chain, e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        try {
            trust.checkServerTrusted(chain, authType);
        } catch (CertificateException e) {
            throw named(chain, e);
        }
    }

    static CertificateException named(X509Certificate[] chain, CertificateException e) {
        String subject = chain == null || chain.length == 0 ? "the server" : chain[0].getSubjectX500Principal().getName();
        return new CertificateException("the certificate of " + subject + " is not trusted: " + why(e), e);
    }

    private static String why(CertificateException e) {
        String message = String.valueOf(e.getMessage());
        if (e instanceof CertificateExpiredException) {
            return "it has expired";
        }
        if (message.contains("No subject alternative") || message.contains("No name matching")) {
            return "it is for another host name";
        }
        return "no authority Tether trusts signed it (add its authority with network.caBundle or NODE_EXTRA_CA_CERTS)";
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        trust.checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        trust.checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        trust.checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return trust.getAcceptedIssuers();
    }
}
