package dev.tether.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RedactorTest {

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', textBlock = """
            'cannot reach https://bob:hunter2@example.com/mcp'   | 'cannot reach https://[REDACTED]@example.com/mcp' | URL credentials
            'sent Bearer eyAbCdEf0123456789xyz'                  | 'sent Bearer [REDACTED]'                           | bearer token
            'key sk-ant-api03-abcdefghijklmnopqrstuv is invalid' | 'key [REDACTED] is invalid'                        | Anthropic key
            'token ghp_abcdefghijklmnopqrstuvwxyz0123'           | 'token [REDACTED]'                                 | GitHub token
            'Authorization: token Ab3dEfGhIjKl'                  | 'Authorization: token [REDACTED]'                  | token scheme
            'token AbcdefGhijklmnopQrstuvwx'                     | 'token [REDACTED]'                                 | token of letters only
            'the token endpoint refused the request.'            | 'the token endpoint refused the request.'          | the word token
            'token endpoint. token refreshed'                    | 'token endpoint. token refreshed'                  | the word before punctuation
            'failed: api_key=abc123def'                          | 'failed: api_key=[REDACTED]'                       | key assignment
            '{"password": "p4ss"}'                               | '{"password": "[REDACTED]"}'                       | JSON secret
            'plain failure: exit code 1'                         | 'plain failure: exit code 1'                       | nothing to hide
            'git clone https://x-token@github.com/o/r'           | 'git clone https://[REDACTED]@github.com/o/r'      | URL user only
            'Authorization: Bearer abcdefghijklmnop'             | 'Authorization: Bearer [REDACTED]'                 | authorization header
            'OPENAI sk-proj-abcdefghijklmnopqrstuvwx rejected'   | 'OPENAI [REDACTED] rejected'                       | OpenAI project key
            'slack xoxb-1234567890-abcdefghij failed'            | 'slack [REDACTED] failed'                          | Slack bot token
            'slack xoxe-1234567890-abcdefghij failed'            | 'slack [REDACTED] failed'                          | any Slack token kind
            'aws AKIAIOSFODNN7EXAMPLE denied'                    | 'aws [REDACTED] denied'                            | AWS access key id
            'aws ASIAIOSFODNN7EXAMPLE denied'                    | 'aws [REDACTED] denied'                            | AWS temporary key id
            'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG'        | 'aws_secret_access_key=[REDACTED]'                 | AWS secret assignment
            'github_pat_11ABCDEFG0123456789_abcdefghij'          | '[REDACTED]'                                       | GitHub fine-grained token
            'id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig12345' | 'id [REDACTED]'                   | JWT
            """)
    void redacts(String input, String expected, String why) {
        assertEquals(expected, Redactor.redact(input), why);
    }

    @Test
    void controlCharactersBecomeSpaces() {
        assertEquals("line one line two", Redactor.redact("line one\r\n\u001b[31mline two".replace("\u001b[31m", "\u001b")));
    }

    @Test
    void multiLineTextsKeepTheirLinesButLoseOtherControlsAndSecrets() {
        assertEquals("line one\nline\ttwo [REDACTED] x", Redactor.redactLines("line one\r\nline\ttwo ghp_abcdefghijklmnopqrstuvwxyz0123\u0007\u202Ex", 100));
        assertTrue(Redactor.redactLines("a\n".repeat(1000), 64).getBytes(StandardCharsets.UTF_8).length <= 64);
    }

    @Test
    void capsInUtf8BytesWithoutSplittingACharacter() {
        String capped = Redactor.redact("é".repeat(400));
        assertTrue(capped.getBytes(StandardCharsets.UTF_8).length <= Redactor.DEFAULT_MAX_BYTES);
        assertTrue(capped.endsWith("…"));
        assertTrue(capped.chars().limit(capped.length() - 1).allMatch(c -> c == 'é'));
    }

    @Test
    void stdioEnvironmentKeepsOnlyHarmlessAndDeclaredVariables() {
        Map<String, String> env = StdioEnvironment.build(
                Map.of("PATH", "/bin", "LC_ALL", "C", "ANTHROPIC_API_KEY", "sk-secret", "OPENAI_API_KEY", "x", "AWS_SECRET_ACCESS_KEY", "y"),
                Map.of("GITHUB_TOKEN", "declared", "PATH", "/opt/bin"));
        assertEquals(Map.of("PATH", "/opt/bin", "LC_ALL", "C", "GITHUB_TOKEN", "declared"), env);
    }
}
