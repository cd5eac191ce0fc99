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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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

    /**
     * Project content read from files (commands, skills, instructions, the system prompt) sits beside
     * the tools: it knows no MCP, no session and no editor protocol.
     */
    @Test
    void contextKnowsOnlyToolsAndTheLeaves() {
        onlyUses("context", "tools", "model", "base", "json", "security");
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

    /** The mcp root is the runtime's façade: the packages below it never reach back up into it. */
    @Test
    void nothingInsideMcpImportsItsFacade() {
        noClasses().that().resideInAPackage("dev.tether.mcp.*..")
                .should().dependOnClassesThat().resideInAPackage("dev.tether.mcp")
                .check(classes);
    }

    /** The settings are read by the façade, the connections and config alike, so they sit below all of them. */
    @Test
    void mcpSettingsKnowNoConnectionNoProjectionNoListenStream() {
        noClasses().that().resideInAPackage("dev.tether.mcp.settings..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tether.mcp.connection..",
                        "dev.tether.mcp.projection..", "dev.tether.mcp.listen..")
                .check(classes);
    }

    /** The projection reads the connections; a connection never knows how its tools are shown to the model. */
    @Test
    void connectionsKnowNothingOfTheProjection() {
        noClasses().that().resideInAnyPackage("dev.tether.mcp.connection..", "dev.tether.mcp.listen..")
                .should().dependOnClassesThat().resideInAPackage("dev.tether.mcp.projection..")
                .check(classes);
    }

    /** A connection's content half reaches its connection only through {@code ConnectionContent.Link}. */
    @Test
    void connectionContentKnowsNotItsConnection() {
        noClasses().that().resideInAPackage("dev.tether.mcp.connection.content..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tether.mcp.connection",
                        "dev.tether.mcp.listen..")
                .check(classes);
    }

    /** A listen stream needs the client session, the recovery policy and what its connection tells it, nothing more. */
    @Test
    void theListenStreamUsesOnlyTheClientAndTheSettings() {
        onlyUses("mcp.listen", "mcp.client", "mcp.api", "mcp.settings", "jsonrpc", "base", "security");
    }

    /**
     * OAuth's root is the façade a transport uses ({@code OAuthAuthorization}); the packages below it
     * never reach back up into it.
     */
    @Test
    void nothingInsideAuthImportsItsFacade() {
        noClasses().that().resideInAPackage("dev.tether.mcp.auth.*..")
                .should().dependOnClassesThat().resideInAPackage("dev.tether.mcp.auth")
                .check(classes);
    }

    /**
     * Below the façade, each part of OAuth uses only the parts under it, in the order of an
     * authorization: the shared values ({@code api}) over the ledger and the DPoP keys; discovery
     * (which knows no client, credential or grant); the client registration; the credential in use;
     * the grants. The ledger and DPoP know no OAuth flow, and a sign-in prompt knows only the port it
     * implements.
     */
    @Test
    void authPartsSitInTheOrderOfAnAuthorization() {
        inAreaUsesOnly("mcp.auth", "dpop");
        inAreaUsesOnly("mcp.auth", "ledger");
        inAreaUsesOnly("mcp.auth", "api", "ledger", "dpop");
        inAreaUsesOnly("mcp.auth", "discovery", "api", "dpop");
        inAreaUsesOnly("mcp.auth", "registration", "api", "discovery", "ledger");
        inAreaUsesOnly("mcp.auth", "credential", "api", "discovery", "registration", "ledger", "dpop");
        inAreaUsesOnly("mcp.auth", "grant", "api", "discovery", "registration", "credential", "dpop");
        inAreaUsesOnly("mcp.auth", "prompt", "api");
    }

    /** Where tokens are kept and how DPoP proofs are made know nothing of Tether beyond JSON and the secret registry. */
    @Test
    void theLedgerAndDpopKnowNoOAuthFlow() {
        onlyUses("mcp.auth.ledger", "json", "security");
        onlyUses("mcp.auth.dpop");
    }

    /** Nimbus (JWS, JWT) is OAuth's library and stays inside mcp/auth. */
    @Test
    void nimbusStaysInsideAuth() {
        noClasses().that().resideOutsideOfPackage("dev.tether.mcp.auth..")
                .should().dependOnClassesThat().resideInAPackage("com.nimbusds..")
                .check(classes);
    }

    /**
     * The interaction half's root routes what servers ask and holds the host port; below it,
     * elicitation, sampling and the log book each see the host only through their own narrow port
     * and know neither the root nor each other.
     */
    @Test
    void interactionFlowsKnowNeitherTheirRootNorEachOther() {
        inAreaUsesOnly("mcp.interaction", "elicitation");
        inAreaUsesOnly("mcp.interaction", "sampling");
        inAreaUsesOnly("mcp.interaction", "logs");
    }

    /** The number of source files directly in {@code dir}. */
    private static long javaFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".java")).count();
        }
    }

    /** The session fills the status page's records ({@code http.status}), and knows nothing else of HTTP. */
    @Test
    void sessionKnowsNoEditorProtocolAndNoWire() {
        onlyUses("session", "agent", "context", "tools", "mcp", "model", "base", "json", "security", "http");
        noClasses().that().resideInAPackage("dev.tether.session..")
                .should().dependOnClassesThat().resideInAPackage("dev.tether.http")
                .check(classes);
        noClasses().that().resideInAPackage("dev.tether.session..")
                .should().dependOnClassesThat().resideInAPackage("io.helidon..")
                .check(classes);
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

    /** The status page masks and sanitises what it shows (security) and sends JSON (json). */
    @Test
    void httpUsesOnlyBaseJsonAndSecurity() {
        onlyUses("http", "base", "json", "security");
    }

    /** Helidon is loaded only when a listener or the status page starts: only the classes that start them import it. */
    @Test
    void helidonStaysInItsEndpoints() {
        noClasses().that().resideInAPackage("dev.tether..")
                .and().doNotHaveFullyQualifiedName("dev.tether.http.HelidonEndpoint")
                .and().haveNameNotMatching("dev\\.tether\\.http\\.status\\.StatusHttp(\\$.*)?")
                .and().resideOutsideOfPackage("dev.tether.reference..")
                .should().dependOnClassesThat().resideInAPackage("io.helidon..")
                .check(classes);
    }

    @Test
    void nothingImportsTheCompositionRoot() {
        noClasses().that().resideOutsideOfPackage("dev.tether.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.tether.cli..")
                .check(classes);
    }

    /**
     * cli's root is the composition root; below it, the `tether mcp` commands, the start-up cache's
     * training workload (which gets the agent it drives from Main), the process's secrets, which
     * the commands share with the root, {@code tether exec} (which gets its agent from Main too) and
     * the one definition of exit codes every command uses.
     */
    @Test
    void cliPackagesSitBelowTheCompositionRoot() {
        inAreaUsesOnly("cli", "exit");
        inAreaUsesOnly("cli", "secrets");
        inAreaUsesOnly("cli", "train", "exit");
        inAreaUsesOnly("cli", "mcp", "secrets", "exit");
        inAreaUsesOnly("cli", "exec", "exit");
    }

    /**
     * config's root is the settings tree; below it, each package uses only those under it: the
     * files, the MCP declarations, the managed policy, and the sources that put them together.
     */
    @Test
    void configPackagesSitBelowTheSettingsTree() {
        inAreaUsesOnly("config", "files");
        inAreaUsesOnly("config", "schema");
        inAreaUsesOnly("config", "mcp", "schema");
        inAreaUsesOnly("config", "policy", "mcp");
        inAreaUsesOnly("config", "sources", "files", "mcp", "policy");
        inAreaUsesOnly("config", "permissions", "files");
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



    /** At most this many source files directly in a package of the areas {@link #noPackageIsAPile} checks. */
    private static final int MAX_FILES = 20;

    /**
     * No package is a pile: the roots of {@code mcp}, {@code session}, {@code cli}, {@code config} and
     * {@code acp}, and every package under them, hold at most {@value #MAX_FILES} source files directly
     * (about 15 is the guide; split along responsibilities, never to meet the count). {@code acp/schema}
     * is left out: it holds one record per ACP message, named as the schema names them, a catalogue
     * read by name like the schema itself.
     */
    @Test
    void noPackageIsAPile() throws IOException {
        Path sources = Path.of(System.getProperty("tether.projectDir", System.getProperty("user.dir")), "src/main/java/dev/tether");
        Map<String, Long> over = new TreeMap<>();
        for (String area : List.of("mcp", "session", "cli", "config", "acp")) {
            assertTrue(Files.isDirectory(sources.resolve(area)), "no sources at " + sources.resolve(area));
            try (Stream<Path> dirs = Files.walk(sources.resolve(area))) {
                for (Path dir : dirs.filter(Files::isDirectory).filter(d -> !d.startsWith(sources.resolve("acp/schema"))).toList()) {
                    long files = javaFiles(dir);
                    if (files > MAX_FILES) {
                        over.put(sources.relativize(dir).toString().replace('\\', '/'), files);
                    }
                }
            }
        }
        assertEquals(Map.of(), over, "packages with more source files directly in them than allowed");
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
