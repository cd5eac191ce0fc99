package dev.tether.base.net;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * Which proxy a request goes through, by the {@code HTTPS_PROXY} / {@code HTTP_PROXY} /
 * {@code NO_PROXY} convention: {@code https} and {@code wss} destinations use the HTTPS proxy,
 * {@code http} and {@code ws} the HTTP proxy (neither falls back to the other). A destination goes
 * direct when it is loopback ({@code localhost}, {@code *.localhost}, {@code 127.0.0.0/8},
 * {@code ::1} — always, so local model servers and test servers never leave the machine), or when
 * {@code NO_PROXY} matches it: {@code *} matches everything; an entry {@code example.com},
 * {@code .example.com} or {@code *.example.com} matches that host and every host below it; an
 * entry with {@code :port} matches only that port; an IP address matches itself. Matching ignores
 * case; there are no CIDR ranges.
 *
 * @param http    the proxy for {@code http}/{@code ws} destinations, or null
 * @param https   the proxy for {@code https}/{@code wss} destinations, or null
 * @param noProxy the {@code NO_PROXY} entries, lower case, as given
 */
public record ProxyRules(InetSocketAddress http, InetSocketAddress https, List<String> noProxy) {
    /** No proxy at all. */
    public static final ProxyRules NONE = new ProxyRules(null, null, List.of());

    public ProxyRules {
        noProxy = List.copyOf(noProxy);
    }

    /**
     * The rules from the variables' values (null or blank for unset).
     *
     * @throws IllegalArgumentException a proxy value is not {@code [http://]host[:port]}
     */
    public static ProxyRules of(String httpProxy, String httpsProxy, String noProxy) {
        List<String> entries = noProxy == null ? List.of() : java.util.Arrays.stream(noProxy.split("[,\\s]+"))
                .map(s -> s.strip().toLowerCase(Locale.ROOT)).filter(s -> !s.isEmpty()).toList();
        return new ProxyRules(address(httpProxy, "HTTP_PROXY"), address(httpsProxy, "HTTPS_PROXY"), entries);
    }

    /** {@code http://host:port}, {@code host:port} or {@code http://host} (port 80); null for blank. */
    static InetSocketAddress address(String value, String variable) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String text = value.strip();
        URI uri;
        try {
            uri = URI.create(text.contains("://") ? text : "http://" + text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(variable + " is not a URL");
        }
        if (!"http".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException(variable + " must be an http:// proxy (\"" + uri.getScheme()
                    + "\" proxies are not supported)");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException(variable + " names no host");
        }
        return InetSocketAddress.createUnresolved(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort());
    }

    /** Whether any proxy is set. */
    public boolean any() {
        return http != null || https != null;
    }

    /** The proxy for {@code target}, or {@link Proxy#NO_PROXY}. */
    public Proxy proxyFor(URI target) {
        String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
        boolean secure = scheme.equals("https") || scheme.equals("wss");
        InetSocketAddress proxy = secure ? https : scheme.equals("http") || scheme.equals("ws") ? http : null;
        String host = target.getHost();
        if (proxy == null || host == null) {
            return Proxy.NO_PROXY;
        }
        int port = target.getPort() >= 0 ? target.getPort() : secure ? 443 : 80;
        return bypasses(host, port) ? Proxy.NO_PROXY : new Proxy(Proxy.Type.HTTP, proxy);
    }

    /** Whether {@code host:port} goes direct: loopback, or matched by {@code NO_PROXY}. */
    public boolean bypasses(String host, int port) {
        String h = bare(host.toLowerCase(Locale.ROOT));
        if (loopback(h)) {
            return true;
        }
        for (String entry : noProxy) {
            if (entry.equals("*")) {
                return true;
            }
            String name = entry;
            int colon = entry.lastIndexOf(':');
            if (colon > 0 && entry.indexOf(':') == colon || entry.startsWith("[") && entry.contains("]:")) {
                String portText = entry.substring(colon + 1);
                if (!portText.matches("\\d+") || Integer.parseInt(portText) != port) {
                    continue;
                }
                name = entry.substring(0, colon);
            }
            name = bare(name.startsWith("*.") ? name.substring(2) : name.startsWith(".") ? name.substring(1) : name);
            if (!name.isEmpty() && (h.equals(name) || h.endsWith("." + name))) {
                return true;
            }
        }
        return false;
    }

    private static String bare(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private static boolean loopback(String host) {
        return host.equals("localhost") || host.endsWith(".localhost") || host.equals("::1") || host.equals("0:0:0:0:0:0:0:1")
                || host.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    /** A selector that applies these rules; null when no proxy is set (the client then connects directly). */
    public ProxySelector selector() {
        if (!any()) {
            return null;
        }
        return new ProxySelector() {
            @Override
            public List<Proxy> select(URI uri) {
                return List.of(proxyFor(uri));
            }

            @Override
            public void connectFailed(URI uri, SocketAddress address, IOException failure) {
                // Nothing to remember: the request fails with the proxy's error.
            }
        };
    }
}
