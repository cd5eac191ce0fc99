package dev.tether.cli.secrets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Java side of the launcher's key hand-over (the launcher itself: ProcessEnvironmentAttackTest, process-secrets.test.mjs). */
class HandedOverSecretsTest {
    @Test
    void entriesAreLinesAndValuesMayHoldAnythingButALineBreak() {
        byte[] bytes = "ANTHROPIC_API_KEY=sk-ant=x y\tz$`\\\nOPENAI_API_KEY=\n\njunk\n\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(Map.of("ANTHROPIC_API_KEY", "sk-ant=x y\tz$`\\", "OPENAI_API_KEY", ""), HandedOverSecrets.parse(bytes));
    }

    @Test
    void withoutTheLauncherTheEnvironmentIsUsedAsItIs() {
        Map<String, String> env = Map.of("ANTHROPIC_API_KEY", "k");
        assertSame(env, HandedOverSecrets.merge(env, message -> { throw new AssertionError(message); }));
    }

    @Test
    void aDescriptorThatCannotBeReadIsToldAndTetherStartsWithoutTheKeys() {
        List<String> told = new ArrayList<>();
        Map<String, String> merged = HandedOverSecrets.merge(Map.of("TETHER_SECRETS_FD", "987", "PATH", "/bin"), told::add);
        assertEquals(Map.of("PATH", "/bin"), merged);
        assertTrue(told.getFirst().startsWith("tether: cannot read the keys handed over on descriptor 987"), told.toString());

        told.clear();
        assertEquals(Map.of(), HandedOverSecrets.merge(Map.of("TETHER_SECRETS_FD", "../etc/passwd"), told::add));
        assertEquals(List.of("tether: ignoring TETHER_SECRETS_FD=../etc/passwd (not a file descriptor number)"), told);

        told.clear();
        HandedOverSecrets.merge(Map.of("TETHER_SECRETS_FD", "12345"), told::add);
        HandedOverSecrets.merge(Map.of("TETHER_SECRETS_FD", ""), told::add);
        assertEquals(List.of("tether: ignoring TETHER_SECRETS_FD=12345 (not a file descriptor number)",
                "tether: ignoring TETHER_SECRETS_FD= (not a file descriptor number)"), told);
    }
}
