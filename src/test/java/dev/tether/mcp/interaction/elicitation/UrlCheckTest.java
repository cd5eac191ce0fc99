package dev.tether.mcp.interaction.elicitation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which URLs a server may ask the user to open, and the host the user is shown. */
class UrlCheckTest {

    @ParameterizedTest
    @CsvSource({
            "https://auth.example.com/login?x=1, auth.example.com",
            "http://localhost:8080/cb, localhost",
            "HTTPS://Example.COM/, example.com",
            "https://xn--80ak6aa92e.com/, xn--80ak6aa92e.com",
            "http://127.0.0.1:8080/cb, 127.0.0.1",
            "http://[::1]:8080/cb, [::1]"})
    void shown(String url, String host) {
        assertEquals(new UrlCheck.Checked(url, host), UrlCheck.check(url));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "https://user:pw@bank.example.com/ | the URL may not carry credentials (user-info)",
            "https://bank.example.com@evil.example/ | the URL may not carry credentials (user-info)",
            "javascript:alert(1) | only http and https URLs may be opened",
            "data:text/html;base64,PHNjcmlwdD4= | only http and https URLs may be opened",
            "file:///etc/passwd | only http and https URLs may be opened",
            "ftp://example.com/ | only http and https URLs may be opened",
            "/relative/path | only http and https URLs may be opened",
            "https://exa\u200Bmple.com/ | the URL must be printable ASCII without spaces or backslashes",
            "https://example.com\\@evil.example/ | the URL must be printable ASCII without spaces or backslashes",
            "https:///nohost | the URL has no host",
            "http://example.com/login | plain http URLs may only point at this machine (localhost, 127.0.0.1, [::1]); use https",
            "http://127.0.0.1.evil.example/ | plain http URLs may only point at this machine (localhost, 127.0.0.1, [::1]); use https",
            "http://localhost.evil.example/ | plain http URLs may only point at this machine (localhost, 127.0.0.1, [::1]); use https"})
    void refused(String url, String reason) {
        assertEquals(reason, assertThrows(UrlCheck.Refused.class, () -> UrlCheck.check(url)).getMessage());
    }
}
