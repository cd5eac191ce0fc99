package dev.tether.base.net;

import java.net.ProxySelector;
import java.net.http.HttpClient;
import javax.net.ssl.SSLContext;

/**
 * How Tether reaches the network: the proxy for each destination and the certificates it trusts.
 * Every JDK {@link HttpClient} Tether builds (model providers, MCP servers over HTTP, SSE and
 * WebSocket) starts from {@link #httpClient()}, so one setting covers them all.
 *
 * @param proxies where each request goes ({@link ProxyRules#selector()}), or null for direct connections
 * @param tls     the TLS context (the JDK's trust plus the user's CA bundle), or null for the JDK default
 */
public record Network(ProxySelector proxies, SSLContext tls) {
    /** Direct connections and the JDK's own trust. */
    public static final Network DIRECT = new Network(null, null);

    /** A client builder with this network's proxy selector and TLS context. */
    public HttpClient.Builder httpClient() {
        HttpClient.Builder builder = HttpClient.newBuilder();
        if (proxies != null) {
            builder.proxy(proxies);
        }
        if (tls != null) {
            builder.sslContext(tls);
        }
        return builder;
    }
}
