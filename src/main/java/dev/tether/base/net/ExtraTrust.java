package dev.tether.base.net;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * A TLS context that trusts the JDK's certificate authorities <em>and</em> the user's own (a
 * company's CA, a TLS-inspecting proxy's): the user's bundle adds to the default trust, never
 * replaces it, so public servers keep working when a bundle is configured.
 */
public final class ExtraTrust {
    private ExtraTrust() {}

    /**
     * A TLS context trusting the JDK's trust anchors plus {@code extra}.
     *
     * @throws GeneralSecurityException the JDK's trust store or TLS cannot be set up
     */
    public static SSLContext context(List<X509Certificate> extra) throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {naming(trustManager(extra))}, null);
        return context;
    }

    /** The JDK's own trust, refusing a server in words that name its certificate ({@link NamingTrust}). */
    public static SSLContext namingDefault() throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {naming(defaultTrust())}, null);
        return context;
    }

    private static TrustManager naming(X509TrustManager trust) {
        return trust instanceof javax.net.ssl.X509ExtendedTrustManager extended ? new NamingTrust(extended) : trust;
    }

    /** The trust manager of {@link #context}: one store holding the JDK's anchors and {@code extra}. */
    public static X509TrustManager trustManager(List<X509Certificate> extra) throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException("cannot create an empty key store", e);
        }
        int n = 0;
        for (X509Certificate anchor : defaultTrust().getAcceptedIssuers()) {
            store.setCertificateEntry("jdk-" + n++, anchor);
        }
        for (X509Certificate cert : extra) {
            store.setCertificateEntry("user-" + n++, cert);
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        for (TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof X509TrustManager x509) {
                return x509;
            }
        }
        throw new GeneralSecurityException("the JDK has no X.509 trust manager");
    }

    /** The JDK's own trust (its {@code cacerts}). */
    public static X509TrustManager defaultTrust() throws GeneralSecurityException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init((KeyStore) null);
        for (TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof X509TrustManager x509) {
                return x509;
            }
        }
        throw new GeneralSecurityException("the JDK has no X.509 trust manager");
    }
}
