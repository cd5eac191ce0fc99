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
            'failed: api_key=abc123def'                          | 'failed: api_key=[REDACTED]'                       | key assignment
            '{"password": "p4ss"}'                               | '{"password": "[REDACTED]"}'                       | JSON secret
            'plain failure: exit code 1'                         | 'plain failure: exit code 1'                       | nothing to hide
            """)
    void redacts(String input, String expected, String why) {
        assertEquals(expected, Redactor.redact(input), why);
    }

    @Test
    void controlCharactersBecomeSpaces() {
        assertEquals("line one line two", Redactor.redact("line one\r\n\u001b[31mline two".replace("\u001b[31m", "\u001b")));
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
