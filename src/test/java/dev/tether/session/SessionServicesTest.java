package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tether.context.InstructionSettings;
import dev.tether.security.SecretRegistry;
import dev.tether.session.transcript.TranscriptStore;
import dev.tether.testing.model.ScriptedCatalog;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.permission.RuleBook;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each {@code with…} of the session services changes its own part and keeps every other: one that
 * dropped the sandbox policy let {@code tether exec --max-turns} run commands unconfined.
 */
class SessionServicesTest {
    @TempDir
    Path dir;

    @Test
    void everyWithKeepsEverythingElse() throws Exception {
        SessionServices full = new SessionServices(new TranscriptStore(dir), new ScriptedCatalog("{\"text\": \"hi\"}"),
                (servers, cwd, artifacts, host, listener) -> null, null, List.of(), false, ToolFilter.ALLOW_ALL,
                SessionServices.Limits.DEFAULT)
                .withSecrets(SecretRegistry.of(Map.of("K", "a-secret-value-123"), List.of("K")))
                .withMcpSources((cwd, editor) -> null)
                .withRules(cwd -> RuleBook.NONE)
                .withInstructions(new InstructionSettings(List.of("AGENTS.md"), dir, 100))
                .withStatusPage(() -> "http://127.0.0.1:1/")
                .withSandbox(SandboxPolicy.NONE.withMode(SandboxMode.READ_ONLY))
                .withFrontend((id, secrets) -> null);
        Map<String, UnaryOperator<SessionServices>> withs = Map.of(
                "limits", s -> s.withLimits(s.limits().withMaxModelRequests(3)),
                "sandbox", s -> s.withSandbox(SandboxPolicy.NONE.withMode(SandboxMode.WORKSPACE_WRITE)),
                "rules", s -> s.withRules(cwd -> RuleBook.NONE),
                "instructions", s -> s.withInstructions(InstructionSettings.DEFAULT),
                "statusPage", s -> s.withStatusPage(() -> "http://127.0.0.1:2/"),
                "frontend", s -> s.withFrontend((id, secrets) -> null),
                "mcpSources", s -> s.withMcpSources((cwd, editor) -> null),
                "secrets", s -> s.withSecrets(SecretRegistry.empty()));
        for (var with : withs.entrySet()) {
            SessionServices changed = with.getValue().apply(full);
            // A new registry of secrets makes the transcripts mask them too.
            Set<String> expected = with.getKey().equals("secrets") ? Set.of("secrets", "transcripts") : Set.of(with.getKey());
            for (RecordComponent component : SessionServices.class.getRecordComponents()) {
                Object before = component.getAccessor().invoke(full);
                Object after = component.getAccessor().invoke(changed);
                if (expected.contains(component.getName())) {
                    assertNotSame(before, after, with.getKey() + " changes " + component.getName());
                } else {
                    assertSame(before, after, "with " + with.getKey() + " keeps " + component.getName());
                }
            }
        }
    }
}
