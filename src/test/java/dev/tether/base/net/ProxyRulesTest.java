package dev.tether.base.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which destination goes through which proxy under {@code HTTP_PROXY}, {@code HTTPS_PROXY} and {@code NO_PROXY}. */
class ProxyRulesTest {
    private static final String HTTP = "proxy.corp.test:3128";
    private static final String HTTPS = "secure.corp.test:3129";

    @ParameterizedTest(name = "{0} with NO_PROXY={1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
            "https://api.anthropic.com/v1/messages | -                     | secure.corp.test:3129",
            "wss://mcp.example.com/ws              | -                     | secure.corp.test:3129",
            "http://docs.example.com/mcp           | -                     | proxy.corp.test:3128",
            "ws://docs.example.com/mcp             | -                     | proxy.corp.test:3128",
            "http://127.0.0.1:11434/v1             | -                     | direct",
            "http://localhost:8080/mcp             | -                     | direct",
            "http://ollama.localhost:8080/         | -                     | direct",
            "http://[::1]:8080/                    | -                     | direct",
            "https://api.example.com/              | example.com           | direct",
            "https://api.example.com/              | .example.com          | direct",
            "https://api.example.com/              | *.example.com         | direct",
            "https://example.com/                  | .example.com          | direct",
            "https://notexample.com/               | example.com           | secure.corp.test:3129",
            "https://API.Example.COM/              | example.com           | direct",
            "https://api.example.com/              | *                     | direct",
            "https://api.example.com/              | 'a.test, example.com' | direct",
            "https://api.example.com:8443/         | example.com:8443      | direct",
            "https://api.example.com/              | example.com:8443      | secure.corp.test:3129",
            "http://10.1.2.3:8080/                 | 10.1.2.3              | direct",
            "http://10.1.2.30:8080/                | 10.1.2.3              | proxy.corp.test:3128",
            "ftp://files.example.com/              | -                     | direct"})
    void destinationsGoWhereTheRulesSay(String target, String noProxy, String expected) {
        Proxy proxy = ProxyRules.of("http://" + HTTP, HTTPS, noProxy).proxyFor(URI.create(target));
        String where = proxy.type() == Proxy.Type.DIRECT ? "direct"
                : ((InetSocketAddress) proxy.address()).getHostString() + ":" + ((InetSocketAddress) proxy.address()).getPort();
        assertEquals(expected, where);
    }

    @ParameterizedTest
    @CsvSource({"socks5://proxy:1080, must be an http:// proxy", "https://proxy:443, must be an http:// proxy",
            "'http://:8080', names no host"})
    void anUnusableProxyIsRefusedWithItsVariableNamed(String value, String reason) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProxyRules.of(null, value, null));
        assertEquals(true, e.getMessage().startsWith("HTTPS_PROXY") && e.getMessage().contains(reason), e.getMessage());
    }
}
