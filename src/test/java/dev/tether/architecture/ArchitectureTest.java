package dev.tether.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of {@code docs/reference/architecture.md}, checked on the production classes: who may
 * import whom, and no package cycle anywhere, subpackages included. A rule here fails the build
 * the moment a change adds an import the layering forbids.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.tether");
    }

    /** Classes of Tether outside the given packages (each with its subpackages). */
    private static DescribedPredicate<JavaClass> tetherOutside(String... packages) {
        return new DescribedPredicate<>("Tether classes outside " + String.join(", ", packages)) {
            @Override
            public boolean test(JavaClass c) {
                if (!c.getPackageName().startsWith("dev.tether")) {
                    return false;
                }
                for (String p : packages) {
                    String name = "dev.tether." + p;
                    if (c.getPackageName().equals(name) || c.getPackageName().startsWith(name + ".")) {
                        return false;
                    }
                }
                return true;
            }
        };
    }

    private static void onlyUses(String layer, String... allowed) {
        String[] own = new String[allowed.length + 1];
        own[0] = layer;
        System.arraycopy(allowed, 0, own, 1, allowed.length);
        ArchRule rule = noClasses().that().resideInAPackage("dev.tether." + layer + "..")
                .should().dependOnClassesThat(tetherOutside(own));
        rule.check(classes);
    }

    @Test
    void baseAndJsonAreLeaves() {
        onlyUses("base");
        onlyUses("json");
    }

    @Test
    void securityIsALeaf() {
        onlyUses("security");
    }

    @Test
    void jsonRpcUsesOnlyBaseAndJson() {
        onlyUses("jsonrpc", "base", "json");
    }

    @Test
    void modelUsesOnlyBaseAndJson() {
        onlyUses("model", "base", "json");
    }

    @Test
    void toolsKnowNoEditorProtocolAndNoSession() {
        onlyUses("tools", "model", "base", "json", "security");
    }

    @Test
    void agentKnowsOnlyModelAndTools() {
        onlyUses("agent", "model", "tools", "base", "json");
    }

    @Test
    void mcpKnowsNoEditorProtocolNoSessionNoAgentNoConfig() {
        noClasses().that().resideInAPackage("dev.tether.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tether.acp..", "dev.tether.session..",
                        "dev.tether.agent..", "dev.tether.config..", "dev.tether.cli..")
                .check(classes);
    }

    @Test
    void sessionKnowsNoEditorProtocolAndNoWire() {
        onlyUses("session", "agent", "tools", "mcp", "model", "base", "json", "security");
    }

    /**
     * Inside {@code session}: {@code api} (what the session and its host share) knows no other part;
     * {@code transcript} and {@code servers} know only {@code api}; {@code commands} knows {@code api}
     * and {@code servers} (the prompts it offers, {@code /mcp}); only the root, which puts a session
     * together, knows them all.
     */
    @Test
    void sessionPartsKnowOnlyWhatIsBelowThem() {
        sessionPartUses("api");
        sessionPartUses("transcript", "api");
        sessionPartUses("servers", "api");
        sessionPartUses("commands", "api", "servers");
    }

    private static void sessionPartUses(String part, String... allowed) {
        List<String> forbidden = new ArrayList<>(List.of("dev.tether.session"));
        for (String other : List.of("api", "transcript", "servers", "commands")) {
            if (!other.equals(part) && !List.of(allowed).contains(other)) {
                forbidden.add("dev.tether.session." + other + "..");
            }
        }
        noClasses().that().resideInAPackage("dev.tether.session." + part + "..")
                .should().dependOnClassesThat().resideInAnyPackage(forbidden.toArray(String[]::new))
                .check(classes);
    }

    /** No package of {@code session} is a pile: at most 20 source files directly in each (15 is the guide). */
    @Test
    void sessionPackagesHoldAtMostTwentyFilesEach() throws IOException {
        assertEquals(Map.of(), packagesOver(Path.of("src/main/java/dev/tether/session"), 20));
    }

    /** The packages at or under {@code root} with more than {@code max} {@code .java} files directly in them, with their counts. */
    private static Map<String, Long> packagesOver(Path root, int max) throws IOException {
        assertTrue(Files.isDirectory(root), root + " is where the sources are");
        Map<String, Long> over = new TreeMap<>();
        try (Stream<Path> dirs = Files.walk(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                long files;
                try (Stream<Path> entries = Files.list(dir)) {
                    files = entries.filter(f -> f.getFileName().toString().endsWith(".java")).count();
                }
                if (files > max) {
                    over.put(root.getParent().relativize(dir).toString(), files);
                }
            }
        }
        return over;
    }

    /**
     * The settings tree holds the settings records of the layers it configures (provider settings,
     * the tool filter, MCP server specs and policies); none of those layers imports config.
     */
    @Test
    void configUsesOnlyTheSettingsOfTheLayersItConfigures() {
        onlyUses("config", "base", "json", "mcp", "model", "tools");
    }

    @Test
    void theReferenceServerStandsAlone() {
        onlyUses("reference");
    }

    @Test
    void httpUsesOnlyBase() {
        onlyUses("http", "base");
    }

    @Test
    void nothingImportsTheCompositionRoot() {
        noClasses().that().resideOutsideOfPackage("dev.tether.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.tether.cli..")
                .check(classes);
    }

    @Test
    void noCyclesBetweenTopLevelPackages() {
        slices().matching("dev.tether.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.tether.(**)").should().beFreeOfCycles().check(classes);
    }
}
