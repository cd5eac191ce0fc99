package dev.tether.mcp.projection;

import static dev.tether.testing.mcp.calls.Calls.hints;
import static dev.tether.testing.mcp.calls.Calls.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.testing.mcp.calls.Calls;
import dev.tether.tools.SessionMode;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.permission.PermissionGate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the user's per-server policy does to a server's tools: hint overrides win, allow/deny filter. */
class ToolPolicyProjectionTest {
    private final ToolProjection projection = new ToolProjection(new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none()));
    private final List<Boolean> retryFlags = new ArrayList<>();
    private final McpToolCaller caller = (tool, args, retryable, cancellation, progress) -> {
        retryFlags.add(retryable);
        return Calls.text("ok");
    };

    private List<McpTool> project(List<McpToolInfo> infos, McpServerPolicy policy) {
        return projection.project("srv", infos, policy, caller, new HashSet<>());
    }

    private static McpServerPolicy policy(Map<String, McpToolInfo.Hints> hints, List<String> allow, List<String> deny) {
        return new McpServerPolicy(hints, allow, deny, null);
    }

    @Test
    void aReadOnlyOverrideMakesAToolReadAndAutoAllowedInAskMode() {
        McpToolInfo write = tool("write", McpToolInfo.Hints.NONE);
        McpTool plain = project(List.of(write), McpServerPolicy.DEFAULT).getFirst();
        assertEquals(new ToolTraits(ToolKind.OTHER, ToolTraits.Category.EXTERNAL, false, "srv"), plain.traits());
        assertEquals(PermissionGate.Verdict.ASK, PermissionGate.verdict(SessionMode.ASK, plain.traits(), false));
        assertEquals(PermissionGate.Verdict.ASK, PermissionGate.verdict(SessionMode.READ_ONLY, plain.traits(), false),
                "read-only mode asks about MCP tools not trusted as read-only");

        McpTool overridden = project(List.of(write), policy(Map.of("write", hints(true, null, null, null)), List.of(), List.of())).getFirst();
        assertEquals(new ToolTraits(ToolKind.READ, ToolTraits.Category.READ, false, "srv"), overridden.traits());
        assertEquals(PermissionGate.Verdict.ALLOW, PermissionGate.verdict(SessionMode.ASK, overridden.traits(), false));
        assertEquals(PermissionGate.Verdict.ALLOW, PermissionGate.verdict(SessionMode.READ_ONLY, overridden.traits(), false));
    }

    @Test
    void aServersOwnReadOnlyHintCountsOnlyWhenTheUserTrustsItsAnnotations() {
        McpToolInfo claims = tool("wipe", hints(true, null, true, null));
        McpTool untrusted = project(List.of(claims), McpServerPolicy.DEFAULT).getFirst();
        assertEquals(new ToolTraits(ToolKind.OTHER, ToolTraits.Category.EXTERNAL, false, "srv"), untrusted.traits());
        assertEquals(PermissionGate.Verdict.ASK, PermissionGate.verdict(SessionMode.ASK, untrusted.traits(), false));
        assertEquals(PermissionGate.Verdict.ASK, PermissionGate.verdict(SessionMode.READ_ONLY, untrusted.traits(), false));
        assertTrue(untrusted.definition().description().contains("[read-only]"), "the model still reads what the server claims");

        McpTool trusted = project(List.of(claims), TestSettings.trustingAnnotations()).getFirst();
        assertEquals(new ToolTraits(ToolKind.READ, ToolTraits.Category.READ, false, "srv"), trusted.traits());
        assertEquals(PermissionGate.Verdict.ALLOW, PermissionGate.verdict(SessionMode.ASK, trusted.traits(), false));
        assertTrue(trusted.auditInfo().path("annotationsTrusted").asBoolean());
    }

    @Test
    void onlyAnExplicitDestructiveHintAsksEveryTimeAndAFalseOverrideRemovesIt() {
        McpToolInfo drop = tool("drop", hints(false, true, null, null));
        McpTool declared = project(List.of(drop), McpServerPolicy.DEFAULT).getFirst();
        assertTrue(declared.traits().confirm());
        assertEquals(PermissionGate.Verdict.ASK, PermissionGate.verdict(SessionMode.AUTO, declared.traits(), true));

        McpTool unsaid = project(List.of(tool("drop", McpToolInfo.Hints.NONE)), McpServerPolicy.DEFAULT).getFirst();
        assertFalse(unsaid.traits().confirm(), "the spec's default destructiveHint=true does not count: only a declared one");

        McpTool overridden = project(List.of(drop), policy(Map.of("drop", hints(null, false, null, null)), List.of(), List.of())).getFirst();
        assertFalse(overridden.traits().confirm());
        assertEquals(PermissionGate.Verdict.ALLOW, PermissionGate.verdict(SessionMode.AUTO, overridden.traits(), false));
    }

    @Test
    void readOnlyOrIdempotentToolsAreRetryableOthersNot() throws Exception {
        List<McpTool> tools = project(List.of(tool("get", hints(true, null, null, null)), tool("put", hints(false, null, true, null)),
                tool("post", hints(false, null, null, null)), tool("post2", McpToolInfo.Hints.NONE)),
                policy(Map.of("post2", hints(null, null, true, null)), List.of(), List.of()));
        for (McpTool t : tools) {
            t.run(Json.object(), McpTestSupport.context("c", Cancellation.root(), null));
        }
        assertEquals(List.of(true, true, false, true), retryFlags);
    }

    @Test
    void effectiveHintsAreWhatTheAuditAndTheModelSee() {
        McpToolInfo info = new McpToolInfo("search", "Web search", "Searches the web.", null, null,
                new McpToolInfo.Hints("Search", true, null, null, true));
        McpTool t = project(List.of(info), policy(Map.of("search", new McpToolInfo.Hints(null, false, true, null, null)),
                List.of(), List.of())).getFirst();
        assertEquals(Json.parse("""
                {"server":"srv","tool":"search","annotationsTrusted":false,"hints":{"title":"Search","readOnlyHint":false,"destructiveHint":true,"openWorldHint":true}}"""),
                t.auditInfo());
        assertEquals("Searches the web.\n[destructive] [open-world]", t.definition().description());
        assertEquals(ToolKind.FETCH, t.traits().kind(), "open-world tools that are not read-only show as fetch");
        var view = t.describe(Json.object(), null);
        assertEquals("srv: Web search", view.title(), "the server's own title never hides the server");
        assertEquals(1, view.preview().size(), "open-world tools carry a note in the preview");
    }

    @Test
    void denyWinsOverAllowAndDeniedToolsNeverReachTheModel() {
        List<McpToolInfo> infos = List.of(tool("read_file", null), tool("read_secret", null), tool("write_file", null),
                tool("delete_all", null));
        List<String> names = project(infos, policy(Map.of(), List.of("read_*", "write_?ile"), List.of("*secret*")))
                .stream().map(McpTool::rawName).toList();
        assertEquals(List.of("read_file", "write_file"), names);

        List<String> denyOnly = project(infos, policy(Map.of(), List.of(), List.of("delete_*"))).stream().map(McpTool::rawName).toList();
        assertEquals(List.of("read_file", "read_secret", "write_file"), denyOnly);
    }

    @Test
    void aDeniedToolTakesNoNameSoItsTwinNeedsNoDigest() {
        Set<String> taken = new HashSet<>();
        List<McpTool> tools = projection.project("srv", List.of(tool("a.b", null), tool("a_b", null)),
                policy(Map.of(), List.of(), List.of("a.b")), caller, taken);
        assertEquals(List.of("mcp__srv__a_b"), tools.stream().map(t -> t.definition().name()).toList());
        assertEquals(Set.of("mcp__srv__a_b"), taken);
    }
}
