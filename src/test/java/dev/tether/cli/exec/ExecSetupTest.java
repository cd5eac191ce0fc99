package dev.tether.cli.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExecSetupTest {
    private static ExecSetup setup(String... args) throws ExecArgs.Usage {
        return ExecSetup.of(ExecArgs.parse(args, Path.of("").toAbsolutePath()), "hi");
    }

    @Test
    void anAllowRuleForAToolReadOnlyDoesNotOfferIsWarnedAbout() throws Exception {
        List<String> warnings = setup("--mode", "readOnly", "--allow", "Bash(npm test:*)", "--allow", "Write", "--allow", "Read",
                "--allow", "mcp__orders__get_order", "go").warnings();
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("--allow Bash(npm test:*)") && warnings.get(0).contains("--mode readOnly")
                && warnings.get(0).contains("--mode ask"), warnings.toString());
        assertTrue(warnings.get(1).contains("--allow Write"), warnings.toString());
    }

    @Test
    void noWarningOutsideReadOnly() throws Exception {
        assertEquals(List.of(), setup("--mode", "ask", "--allow", "Bash(npm test:*)", "go").warnings());
        assertEquals(List.of(), setup("--allow", "Write", "go").warnings());
    }
}
