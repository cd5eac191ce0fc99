package dev.tether.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
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
