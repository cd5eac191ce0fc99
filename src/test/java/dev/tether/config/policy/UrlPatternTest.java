package dev.tether.config.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Rules split into parts: each part's glob matches only its own part, in the URL's one spelling. */
class UrlPatternTest {
    static Stream<Arguments> table() {
        return Stream.of(
                Arguments.of("https://*.example.com/*", "https://mcp.example.com/mcp", true),
                Arguments.of("https://*.example.com/*", "https://a.b.example.com/mcp", true),
                Arguments.of("https://*.example.com/*", "https://example.com/mcp", false),
                Arguments.of("https://*.example.com/*", "https://evil.test/x.example.com/mcp", false),
                Arguments.of("https://*.example.com/*", "https://evil.test?.example.com/", false),
                Arguments.of("https://*.example.com/*", "https://mcp.example.com:8443/mcp", false),
                Arguments.of("https://*.example.com:*/*", "https://mcp.example.com:8443/mcp", true),
                Arguments.of("https://*.example.com/*", "http://mcp.example.com/mcp", false),
                Arguments.of("http*://*.example.com/*", "http://mcp.example.com/mcp", true),
                Arguments.of("https://mcp.example.com", "https://mcp.example.com/", true),
                Arguments.of("https://mcp.example.com", "https://mcp.example.com/mcp", false),
                Arguments.of("https://mcp.example.com/mcp", "https://MCP.example.com:443/a/../mcp?x#y", true),
                Arguments.of("https://mcp.example.com:0443/mcp", "https://mcp.example.com/mcp", true),
                Arguments.of("https://bücher.test/*", "https://xn--bcher-kva.test/mcp", true),
                Arguments.of("https://*.bücher.test/*", "https://a.xn--bcher-kva.test/mcp", true),
                Arguments.of("http://127.0.0.1:8080/*", "http://localhost:8080/mcp", true),
                Arguments.of("http://localhost:8080/*", "http://[::1]:8080/mcp", true),
                Arguments.of("http://127.0.0.*:8080/*", "http://localhost:8080/mcp", true),
                Arguments.of("http://*:8080/*", "http://2130706433:8080/mcp", true),
                Arguments.of("http://10.0.0.*/*", "http://localhost/mcp", false),
                Arguments.of("http://[2001:db8::1]/*", "http://[2001:db8:0:0:0:0:0:1]/mcp", true),
                Arguments.of("http://example.com/admin/*", "http://example.com/%61dmin/x", true),
                Arguments.of("http://example.com/admin/*", "http://example.com/public/../admin/x", true),
                Arguments.of("http://example.com/admin/*", "http://example.com//admin//x", true),
                Arguments.of("http://example.com/*/mcp", "http://example.com/a/b/mcp", true));
    }

    @ParameterizedTest(name = "{0} vs {1} → {2}")
    @MethodSource("table")
    void eachPartMatchesOnlyItsOwnPart(String rule, String url, boolean matches) throws Exception {
        assertEquals(matches, UrlPattern.parse(rule).matches(ServerUrl.parse(url), false));
    }

    @org.junit.jupiter.api.Test
    void aDenyRuleComparesPathsIgnoringCaseAnAllowRuleExactly() throws Exception {
        UrlPattern rule = UrlPattern.parse("https://mcp.example.com/admin/*");
        ServerUrl url = ServerUrl.parse("https://mcp.example.com/ADMIN/x");
        assertTrue(rule.matches(url, true));
        assertEquals(false, rule.matches(url, false));
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of("mcp.example.com/*", "scheme://host"),
                Arguments.of("https://user@mcp.example.com/*", "user info"),
                Arguments.of("https://mcp.example.com:99999/*", "port"),
                Arguments.of("https://mcp.example.com:8*/*", "port"),
                Arguments.of("https://0x7f000001/*", "hex"),
                Arguments.of("https://mcp example.com/*", "not a host name"),
                Arguments.of("https://[::1%25lo]/*", "zone id"),
                Arguments.of("https://[fe80::*%lo]/*", "not an IPv6 address"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("invalid")
    void aRuleThatCannotBeReadSaysWhy(String rule, String why) {
        InvalidRule e = assertThrows(InvalidRule.class, () -> UrlPattern.parse(rule));
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }
}
