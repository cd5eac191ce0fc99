package dev.tether.config.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.mcp.McpConfig;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which server takes what the user's entry for its name grants: the user's own servers do, a
 * workspace server never does, an editor's server only when it is the one the entry names or the
 * first one seen under a policy-only entry's name. Restrictions apply to every server of the name.
 */
class PolicyGrantsTest {
    @TempDir
    Path dir;
    PolicyBindings bindings;

    private static final McpServerPolicy TRUSTED = new McpServerPolicy(Map.of(), List.of("get_*"), List.of("delete_*"),
            new McpRuntimeOptions.CallTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(50)), true, true, "debug",
            OAuthClientConfig.of("client", new Secret("s3cret-client")), true, true, 30, true, "2025-11-25");

    @BeforeEach
    void setUp() {
        bindings = new PolicyBindings(dir.resolve("state/mcp-policy-bindings.json"));
    }

    private PolicyGrants grants(McpServerSpec... own) {
        return new PolicyGrants(new McpConfig.Declared(List.of(own), Map.of("helper", TRUSTED)), bindings, Map.of("BIN", "/opt/helper"));
    }

    private static McpServerSpec.Stdio stdio(String command, McpServerSpec.Origin origin) {
        return new McpServerSpec.Stdio("helper", command, List.of("--serve"), Map.of(), null, origin);
    }

    @Test
    void restrictionsKeepOnlyWhatTakesAwayAndNameEveryGrantThatIsDropped() {
        McpServerPolicy kept = TRUSTED.restrictions();
        assertEquals(new McpServerPolicy(Map.of(), List.of("get_*"), List.of("delete_*"), TRUSTED.callTimeouts()), kept);
        assertEquals(List.of("trustAnnotations", "sampling", "exposeRoots", "tasks", "instructions", "oauth", "logLevel",
                "healthCheckSeconds", "protocolVersion"), TRUSTED.grantedKeys());
        assertEquals(List.of(), kept.grantedKeys());
    }

    @Test
    void aWorkspaceServerGetsOnlyTheRestrictionsAndIsToldWhy() {
        McpServerSpec spec = stdio("helper", McpServerSpec.Origin.WORKSPACE);
        PolicyGrants.Verdict verdict = grants().settle(spec);
        assertFalse(verdict.whole());
        assertTrue(verdict.why().contains("from a project .mcp.json does not get trustAnnotations, sampling"), verdict.why());
        assertEquals(TRUSTED.restrictions(), grants().forSession(List.of(spec)).get("helper"));
        assertFalse(Files.exists(bindings.file()), "a workspace server never binds a name");
    }

    @Test
    void theUsersOwnServersTakeTheWholePolicy() {
        McpServerSpec spec = stdio("anything", McpServerSpec.Origin.USER_CONFIG);
        assertTrue(grants().settle(spec).whole());
        assertEquals(TRUSTED, grants().forSession(List.of(spec)).get("helper"));
    }

    @Test
    void theFirstEditorServerBindsAPolicyOnlyEntryAndAnotherOneIsRefusedUntilRebound() throws Exception {
        McpServerSpec first = stdio("/usr/bin/helper", McpServerSpec.Origin.EDITOR);
        McpServerSpec other = stdio("/tmp/evil", McpServerSpec.Origin.EDITOR);
        assertTrue(grants().settle(first).whole());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(bindings.file())));
        assertEquals(TRUSTED, grants().forSession(List.of(first)).get("helper"));

        PolicyGrants.Verdict refused = grants().settle(other);
        assertFalse(refused.whole());
        assertTrue(refused.why().contains("tether mcp rebind helper") && refused.why().contains("`stdio: /usr/bin/helper --serve`")
                && refused.why().contains("`stdio: /tmp/evil --serve`"), refused.why());
        assertEquals(TRUSTED.restrictions(), grants().forSession(List.of(other)).get("helper"));
        assertTrue(grants().settle(first).whole(), "the first one keeps it");

        assertEquals("stdio: /tmp/evil --serve", bindings.rebind("helper").orElseThrow().shown());
        assertTrue(grants().settle(other).whole());
        assertFalse(grants().settle(first).whole(), "one server at a time");
    }

    @Test
    void anEntryThatDeclaresItsServerBelongsToThatCommandAsWrittenOrExpanded() {
        PolicyGrants grants = grants(stdio("${BIN}", McpServerSpec.Origin.USER_CONFIG));
        assertTrue(grants.settle(stdio("${BIN}", McpServerSpec.Origin.EDITOR)).whole());
        assertTrue(grants.settle(stdio("/opt/helper", McpServerSpec.Origin.EDITOR)).whole());
        PolicyGrants.Verdict other = grants.settle(stdio("/tmp/evil", McpServerSpec.Origin.EDITOR));
        assertFalse(other.whole());
        assertTrue(other.why().contains("put its command or url in the entry"), other.why());
        assertFalse(Files.exists(bindings.file()), "no binding is needed for an entry that names its server");
    }

    @Test
    void aNameNoServerRunsYetAndAnEntryThatGrantsNothing() {
        assertEquals(TRUSTED.restrictions(), grants().forSession(List.of()).get("helper"),
                "a workspace server approved later in the session finds only the restrictions");
        McpServerPolicy denyOnly = new McpServerPolicy(Map.of(), List.of(), List.of("delete_*"), null);
        PolicyGrants grants = new PolicyGrants(new McpConfig.Declared(List.of(), Map.of("helper", denyOnly)), bindings, Map.of());
        assertTrue(grants.settle(stdio("x", McpServerSpec.Origin.WORKSPACE)).whole(), "nothing to withhold, nothing to say");
        assertEquals(denyOnly, grants.forSession(List.of(stdio("x", McpServerSpec.Origin.WORKSPACE))).get("helper"));
    }

    @Test
    void aBindingsFileThatCannotBeReadGrantsNothing() throws Exception {
        Files.createDirectories(bindings.file().getParent());
        Files.writeString(bindings.file(), "{not json");
        McpServerSpec editor = stdio("/usr/bin/helper", McpServerSpec.Origin.EDITOR);
        PolicyGrants.Verdict verdict = grants().settle(editor);
        assertFalse(verdict.whole());
        assertTrue(verdict.why().contains("cannot be checked") && verdict.why().contains("fix or remove it"), verdict.why());
        assertEquals(TRUSTED.restrictions(), grants().forSession(List.of(editor)).get("helper"));
        assertEquals("{not json", Files.readString(bindings.file()), "never overwritten");
    }

    @Test
    void aLongCommandLineIsComparedByDigestAndShownByItsEnds() {
        String longArg = "x".repeat(5000);
        PolicyBindings.Identity identity = PolicyBindings.identity(
                new McpServerSpec.Stdio("h", "java", List.of("-cp", longArg, "--flag"), Map.of(), null));
        assertTrue(identity.key().startsWith("sha256:"), identity.key());
        assertTrue(identity.shown().startsWith("stdio: java -cp xxx") && identity.shown().endsWith("xxx --flag"), identity.shown());
        assertTrue(identity.shown().length() < 120, identity.shown());
    }
}
