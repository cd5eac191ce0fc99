package dev.tether.base.net;

import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * How Tether reaches the network: the proxy for each destination and the certificates it trusts.
 * Every JDK {@link HttpClient} Tether builds (model providers, MCP servers over HTTP, SSE and
 * WebSocket) starts from {@link #httpClient()}, so one setting covers them all.
 *
 * <p>The TLS context is built on first use, not when the settings are read: reading a CA bundle
 * (a whole system bundle in {@code NODE_EXTRA_CA_CERTS} is common) and building a key store costs
 * a couple of hundred milliseconds that the editor's {@code initialize} answer must not wait for.
 */
public final class Network {
    /** Direct connections and the JDK's own trust. */
    public static final Network DIRECT = new Network(null, (SSLContext) null);

    private final ProxySelector proxies;
    private final Supplier<SSLContext> build;
    private SSLContext tls;
    private boolean built;

    /** @param tls the TLS context, or null for the JDK default */
    public Network(ProxySelector proxies, SSLContext tls) {
        this(proxies, () -> tls);
    }

    private Network(ProxySelector proxies, Supplier<SSLContext> build) {
        this.proxies = proxies;
        this.build = build;
    }

    /** A network whose TLS context {@code tls} builds (once, on first use; null there means the JDK default). */
    public static Network lazy(ProxySelector proxies, Supplier<SSLContext> tls) {
        return new Network(proxies, tls);
    }

    /** Where each request goes ({@link ProxyRules#selector()}), or null for direct connections. */
    public ProxySelector proxies() {
        return proxies;
    }

    /** The TLS context (the JDK's trust plus the user's CA bundle), or null for the JDK default. */
    public synchronized SSLContext tls() {
        if (!built) {
            tls = build.get();
            built = true;
        }
        return tls;
    }

    /** A client builder with this network's proxy selector and TLS context. */
    public HttpClient.Builder httpClient() {
        HttpClient.Builder builder = HttpClient.newBuilder();
        if (proxies != null) {
            builder.proxy(proxies);
        }
        SSLContext context = tls();
        if (context != null) {
            builder.sslContext(context);
        }
        return builder;
    }
}
