package dev.tether.config.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The normaliser's edge cases: each URL and the parts the policy compares (scheme://host:port/path),
 * or why it cannot be compared. The spellings are the ones java.net.URI and the JDK clients accept
 * as the same place (checked against the JDK's own reading when this table was written).
 */
class ServerUrlTest {
    static Stream<Arguments> urls() {
        return Stream.of(
                Arguments.of("https://mcp.example.com/mcp", "https://mcp.example.com:443/mcp"),
                Arguments.of("HTTPS://MCP.Example.COM/mcp", "https://mcp.example.com:443/mcp"),
                Arguments.of("ws://live.example.com/x", "ws://live.example.com:80/x"),
                Arguments.of("wss://live.example.com:443/x", "wss://live.example.com:443/x"),
                Arguments.of("http://mcp.example.com.:80/", "http://mcp.example.com:80/"),
                Arguments.of("http://xn--bcher-kva.test/mcp", "http://xn--bcher-kva.test:80/mcp"),
                // this machine, every spelling the JDK connects to it by
                Arguments.of("http://localhost:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://LOCALHOST.:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://mcp.localhost:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://127.0.0.1:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://127.8.9.10:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://127.000.000.001:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://2130706433:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://0.0.0.0:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://0:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://[::1]:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://[0:0:0:0:0:0:0:1]:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://[::]:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://[::ffff:127.0.0.1]:8080/mcp", "http://localhost:8080/mcp"),
                Arguments.of("http://[::FFFF:7f00:1]:8080/mcp", "http://localhost:8080/mcp"),
                // other addresses in one spelling
                Arguments.of("http://10.0.0.1/mcp", "http://10.0.0.1:80/mcp"),
                Arguments.of("http://167772161/mcp", "http://10.0.0.1:80/mcp"),
                Arguments.of("http://[::ffff:10.0.0.1]/mcp", "http://10.0.0.1:80/mcp"),
                Arguments.of("http://[2001:DB8:0:0:0:0:0:1]/mcp", "http://[2001:db8::1]:80/mcp"),
                Arguments.of("http://[2001:db8:0:0:1:0:0:1]/mcp", "http://[2001:db8::1:0:0:1]:80/mcp"),
                Arguments.of("http://[2001:db8:1:1:1:1:1:1]/mcp", "http://[2001:db8:1:1:1:1:1:1]:80/mcp"),
                // ports and paths
                Arguments.of("http://example.com:0080/mcp", "http://example.com:80/mcp"),
                Arguments.of("http://example.com:/mcp", "http://example.com:80/mcp"),
                Arguments.of("http://example.com", "http://example.com:80/"),
                Arguments.of("http://example.com?/admin", "http://example.com:80/"),
                Arguments.of("http://example.com/mcp?x=1#/admin", "http://example.com:80/mcp"),
                Arguments.of("http://example.com/a/../b/./c", "http://example.com:80/b/c"),
                Arguments.of("http://example.com/../../b", "http://example.com:80/b"),
                Arguments.of("http://example.com/a/..", "http://example.com:80/"),
                Arguments.of("http://example.com/a/%2e%2E/b", "http://example.com:80/b"),
                Arguments.of("http://example.com/%61%7e%2d", "http://example.com:80/a~-"),
                Arguments.of("http://example.com/a%2fb%3a", "http://example.com:80/a%2Fb%3A"),
                Arguments.of("http://example.com//a///b/", "http://example.com:80/a/b/"),
                Arguments.of("http://example.com/MCP", "http://example.com:80/MCP"));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("urls")
    void aUrlIsReadIntoOneSpelling(String url, String parts) throws Exception {
        assertEquals(parts, ServerUrl.parse(url).toString());
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("http://user@127.0.0.1:8080/mcp", "user info"),
                Arguments.of("http://user:secret@example.com/mcp", "user info"),
                Arguments.of("wss://trusted.example@evil.example/mcp", "user info"),
                Arguments.of("http://a@b@example.com/mcp", "user info"),
                Arguments.of("http://127.1:8080/mcp", "not a name or address the JDK connects to"),
                Arguments.of("http://127.0.0.1.:8080/mcp", "not a name or address the JDK connects to"),
                Arguments.of("http://bücher.test/mcp", "not a name or address the JDK connects to"),
                Arguments.of("http://0x7f000001:8080/mcp", "in hex"),
                Arguments.of("http://0177.0.0.1:8080/mcp", "zero-padded"),
                Arguments.of("http://4294967296/mcp", "not an IPv4 address"),
                Arguments.of("http://[::ffff:127.0.0.1%25lo]:8080/mcp", "zone id"),
                Arguments.of("http://127.0.0.1:99999/mcp", "port is out of range"),
                Arguments.of("ftp://example.com/mcp", "not an http, https, ws or wss URL"),
                Arguments.of("example.com/mcp", "not an http, https, ws or wss URL"),
                Arguments.of("http://127.0.0.1:8080\\@evil/x", "not a valid URL"),
                Arguments.of("https://${HOST}/mcp", "not a valid URL"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("refused")
    void aUrlThatCannotBeComparedSaysWhy(String url, String why) {
        ServerUrl.Refused refused = (ServerUrl.Refused) ServerUrl.read(url);
        assertEquals(true, refused.why().contains(why), refused.why());
        assertEquals(why.equals("user info"), refused.userInfo());
    }
}
