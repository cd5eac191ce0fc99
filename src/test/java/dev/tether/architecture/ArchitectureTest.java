package dev.tether.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of {@code docs/reference/architecture.md}, checked on the production classes: who may
 * import whom, and no package cycle anywhere, subpackages included; and where a package was split
 * by responsibility, how many files it may hold. A rule here fails the build the moment a change
 * adds an import the layering forbids.
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

    /**
     * Within {@code area}, the classes of its package {@code pkg} use no other package of the area
     * but {@code allowed} (each with its subpackages): not its root, not a sibling.
     */
    private static void inAreaUsesOnly(String area, String pkg, String... allowed) {
        String root = "dev.tether." + area;
        List<String> own = Stream.concat(Stream.of(pkg), Stream.of(allowed)).map(p -> root + "." + p).toList();
        DescribedPredicate<JavaClass> elsewhere = new DescribedPredicate<>("reside in " + root + " but outside " + String.join(", ", own)) {
            @Override
            public boolean test(JavaClass c) {
                String name = c.getPackageName();
                return (name.equals(root) || name.startsWith(root + "."))
                        && own.stream().noneMatch(p -> name.equals(p) || name.startsWith(p + "."));
            }
        };
        noClasses().that().resideInAPackage(root + "." + pkg + "..").should().dependOnClassesThat(elsewhere).check(classes);
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

    /**
     * session's root puts a session together and runs it; below it, {@code api} (what the session and
     * its host share) knows no other part, {@code transcript} and {@code servers} only {@code api},
     * and {@code commands} {@code api} and {@code servers} (the prompts it offers, {@code /mcp}).
     */
    @Test
    void sessionPackagesSitBelowTheRuntime() {
        inAreaUsesOnly("session", "api");
        inAreaUsesOnly("session", "transcript", "api");
        inAreaUsesOnly("session", "servers", "api");
        inAreaUsesOnly("session", "commands", "api", "servers");
    }

    /** A package root is not a pile: the session root and every package under it hold at most 20 source files. */
    @Test
    void sessionPackagesHoldAtMostTwentyFiles() throws IOException {
        assertEquals(List.of(), crowdedPackages(20, "session"));
    }

    /** The directories of the given areas (each with its subdirectories) that hold more than {@code max} .java files directly. */
    private static List<String> crowdedPackages(int max, String... areas) throws IOException {
        List<String> crowded = new ArrayList<>();
        for (String area : areas) {
            try (Stream<Path> dirs = Files.walk(Path.of("src/main/java/dev/tether", area))) {
                for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                    try (Stream<Path> files = Files.list(dir)) {
                        long count = files.filter(f -> f.getFileName().toString().endsWith(".java")).count();
                        if (count > max) {
                            crowded.add(dir + ": " + count + " files");
                        }
                    }
                }
            }
        }
        return crowded;
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
