package dev.tether.mcp.projection;

import dev.tether.base.Glob;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.OutputSchema;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.interaction.elicitation.ToolCallScope;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.security.JsonSanitizer;
import dev.tether.security.SecretCuts;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolTraits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Projects one server's listed tools into {@link McpTool}s under that server's policy: tools the
 * policy denies ({@code denyTools} globs; an {@code allowTools} list, when not empty, admits only
 * what it matches; deny wins) never reach the model; the user's hint overrides win over the
 * server's annotations, and the server's own {@code readOnlyHint}/{@code idempotentHint} count
 * for permissions only when the user marked the server {@code trustAnnotations}; names, titles, descriptions and schemas are sanitised, and a schema past
 * {@link #MAX_SCHEMA_SIZE} or {@link #MAX_SCHEMA_DEPTH} is replaced by {@code {"type":"object"}}.
 * Prepared tools are cached per catalog entry, so projecting before every model request costs a
 * lookup per tool. One instance per session runtime.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool">MCP Tool</a>
 */
public final class ToolProjection {
    private static final Logger LOG = LoggerFactory.getLogger(ToolProjection.class);
    /** Descriptions are model context the server controls: keep them to a few KB. */
    public static final int MAX_DESCRIPTION_BYTES = 4096;
    public static final int MAX_SCHEMA_SIZE = 64 * 1024;
    public static final int MAX_SCHEMA_DEPTH = 32;
    private static final int MAX_TITLE_BYTES = 200;

    private final ResultMapper results;
    private final ToolCallScope scope;
    private final Map<String, Map<String, Prepared>> cache = new ConcurrentHashMap<>();

    private record Prepared(McpToolInfo info, McpToolInfo.Hints override, boolean trusted, McpToolSpec spec) {}

    public ToolProjection(McpRuntimeOptions options) {
        this(options, ToolCallScope.DIRECT);
    }

    /** @param scope wraps every call of the projected tools (in-flight scoping, the -32042 retry) */
    public ToolProjection(McpRuntimeOptions options, ToolCallScope scope) {
        this(new ResultMapper(ResultLimits.DEFAULT.withInlineTextChars(options.maxInlineTextChars())
                .withMaxImageBytes(options.maxImageBytes()), new ArtifactStore(options.artifactDir()),
                SecretCuts.of(options.secrets())), scope);
    }

    ToolProjection(ResultMapper results) {
        this(results, ToolCallScope.DIRECT);
    }

    ToolProjection(ResultMapper results, ToolCallScope scope) {
        this.results = results;
        this.scope = scope;
    }

    ResultMapper results() {
        return results;
    }

    /**
     * The tools of {@code server} the policy admits, named {@code mcp__<server>__<tool>} and
     * distinct from every name in {@code taken}, to which their names are added.
     */
    public List<McpTool> project(String server, List<McpToolInfo> infos, McpServerPolicy policy, McpToolCaller caller,
                                 Set<String> taken) {
        return project(server, infos, policy, caller, null, taken);
    }

    /**
     * As {@link #project(String, List, McpServerPolicy, McpToolCaller, Set)}; {@code tasks} runs the
     * calls of tools that require a task, and is null when the server's tasks are off or not declared:
     * such tools are then not projected (see {@link #withheld}).
     */
    List<McpTool> project(String server, List<McpToolInfo> infos, McpServerPolicy policy, McpToolCaller caller,
                          McpTaskCaller tasks, Set<String> taken) {
        List<Glob> allow = globs(policy.allowTools());
        List<Glob> deny = globs(policy.denyTools());
        List<McpToolInfo> admitted = infos.stream().filter(info -> admits(allow, deny, info.name()))
                .filter(info -> tasks != null || info.taskSupport() != McpToolInfo.TaskSupport.REQUIRED).toList();
        Map<String, String> names = ToolNames.assign(server, admitted.stream().map(McpToolInfo::name).toList(), taken);
        Map<String, Prepared> previous = cache.getOrDefault(server, Map.of());
        Map<String, Prepared> current = new ConcurrentHashMap<>();
        List<McpTool> tools = new ArrayList<>(admitted.size());
        for (McpToolInfo info : admitted) {
            McpToolInfo.Hints override = policy.toolHints().get(info.name());
            Prepared prepared = previous.get(info.name());
            boolean trusted = policy.trustAnnotations();
            if (prepared == null || prepared.info() != info || prepared.override() != override || prepared.trusted() != trusted) {
                prepared = new Prepared(info, override, trusted, prepare(server, info, override, trusted, results.cuts()));
            }
            current.put(info.name(), prepared);
            String name = names.get(info.name());
            taken.add(name);
            tools.add(new McpTool(name, prepared.spec(), caller, results, scope, tasks));
        }
        cache.put(server, current);
        return List.copyOf(tools);
    }

    /**
     * Why some of {@code server}'s admitted tools are not offered, for {@code /mcp}: the tools that
     * require an MCP task while tasks are off for it (or it did not declare them); null when none.
     */
    static String withheld(List<McpToolInfo> infos, McpServerPolicy policy, boolean tasksOffered) {
        if (tasksOffered) {
            return null;
        }
        List<Glob> allow = globs(policy.allowTools());
        List<Glob> deny = globs(policy.denyTools());
        List<String> names = infos.stream().filter(i -> i.taskSupport() == McpToolInfo.TaskSupport.REQUIRED)
                .map(McpToolInfo::name).filter(n -> admits(allow, deny, n)).map(UnicodeSanitizer::clean).limit(5).toList();
        if (names.isEmpty()) {
            return null;
        }
        return "not offered (they need MCP tasks; " + (policy.tasks() ? "the server did not declare tasks for tools/call"
                : "set \"tasks\": true in its mcpServers entry") + "): " + String.join(", ", names);
    }

    /** Calls through the connection; retryable calls get one retry after a reconnect on a transport error. */
    static McpToolCaller caller(McpConnection connection) {
        return connection::call;
    }

    /**
     * @param trusted whether the user trusts the server's annotations; when not, only the user's
     *                overrides can make the tool read-only for the permission gate
     */
    static McpToolSpec prepare(String server, McpToolInfo info, McpToolInfo.Hints override, boolean trusted, SecretCuts cuts) {
        McpToolInfo.Hints hints = info.hints().overriddenBy(override);
        McpToolInfo.Hints relied = (trusted ? info.hints() : info.hints().withoutSafetyClaims()).overriddenBy(override);
        String rawTitle = info.title() != null ? info.title() : hints.title();
        String title = rawTitle == null || rawTitle.isBlank() ? null : cuts.redact(rawTitle, MAX_TITLE_BYTES);
        String shownName = UnicodeSanitizer.clean(info.name());
        JsonNode output = info.outputSchema() == null ? null : schema(server, info.name(), info.outputSchema(), "output", cuts);
        OutputSchema outputSchema = output == null ? null : new OutputSchema(output);
        JsonNode input = schema(server, info.name(), info.inputSchema(), "input", cuts);
        return new McpToolSpec(server, info.name(), shownName, title, description(info, title, hints, outputSchema, cuts), input,
                hints, outputSchema, traits(relied, server), auditInfo(server, shownName, hints, trusted),
                approvalKey(server, info), info.definitionDigest(), info.taskSupport(), info.alwaysLoad());
    }

    /** Server and raw name as sent, then the definition's digest: a different or changed tool is asked about again. */
    static String approvalKey(String server, McpToolInfo info) {
        return "mcp\u0000" + server + "\u0000" + info.name() + "\u0000" + info.definitionDigest();
    }

    /** The traits implied by the hints the permission gate may rely on. */
    static ToolTraits traits(McpToolInfo.Hints hints, String server) {
        ToolKind kind = hints.isReadOnly() ? ToolKind.READ : hints.isOpenWorld() ? ToolKind.FETCH : ToolKind.OTHER;
        ToolTraits.Category category = hints.isReadOnly() ? ToolTraits.Category.READ : ToolTraits.Category.EXTERNAL;
        return new ToolTraits(kind, category, hints.isDestructive(), server);
    }

    /** The server's description (masked, then capped), then the effective hints and what the tool returns. */
    static String description(McpToolInfo info, String title, McpToolInfo.Hints hints, OutputSchema output, SecretCuts cuts) {
        String own = info.description() != null && !info.description().isBlank() ? info.description()
                : title != null ? title : info.name();
        StringBuilder text = new StringBuilder(cuts.cap(cuts.clean(own).strip(), MAX_DESCRIPTION_BYTES));
        String tags = hintTags(hints);
        if (!tags.isEmpty()) {
            text.append("\n").append(tags);
        }
        if (output != null) {
            text.append("\nReturns: ").append(output.summary());
        }
        return text.toString();
    }

    /** {@code [read-only] [idempotent] [open-world]}: the effective hints, compactly. */
    static String hintTags(McpToolInfo.Hints hints) {
        return String.join(" ", hints.labels().stream().map(label -> "[" + label + "]").toList());
    }

    private static JsonNode auditInfo(String server, String tool, McpToolInfo.Hints hints, boolean trusted) {
        ObjectNode audit = Json.object();
        audit.put("server", server);
        audit.put("tool", tool);
        audit.put("annotationsTrusted", trusted);
        ObjectNode shown = audit.putObject("hints");
        if (hints.title() != null) {
            shown.put("title", UnicodeSanitizer.clean(hints.title()));
        }
        putHint(shown, "readOnlyHint", hints.readOnly());
        putHint(shown, "destructiveHint", hints.destructive());
        putHint(shown, "idempotentHint", hints.idempotent());
        putHint(shown, "openWorldHint", hints.openWorld());
        return audit;
    }

    private static void putHint(ObjectNode node, String name, Boolean value) {
        if (value != null) {
            node.put(name, value);
        }
    }

    /**
     * A sanitised copy of a schema with known secrets masked (before sanitising and after, as every
     * server string), or {@code {"type":"object"}} for a missing or oversized one.
     */
    static JsonNode schema(String server, String tool, JsonNode schema, String which, SecretCuts cuts) {
        JsonNode clean = schema == null ? null : cuts.mask(JsonSanitizer.clean(cuts.mask(schema), MAX_SCHEMA_DEPTH, MAX_SCHEMA_SIZE));
        if (clean == null || !clean.isObject()) {
            if (schema != null) {
                LOG.warn("mcp {}: the {} schema of tool \"{}\" is over {} levels or {} KB; replaced by an open object",
                        server, which, UnicodeSanitizer.clean(tool), MAX_SCHEMA_DEPTH, MAX_SCHEMA_SIZE / 1024);
            }
            ObjectNode open = Json.object();
            open.put("type", "object");
            return open;
        }
        return clean;
    }

    private static boolean admits(List<Glob> allow, List<Glob> deny, String name) {
        if (deny.stream().anyMatch(g -> g.matches(name))) {
            return false;
        }
        return allow.isEmpty() || allow.stream().anyMatch(g -> g.matches(name));
    }

    private static List<Glob> globs(List<String> globs) {
        return globs.stream().map(Glob::name).toList();
    }
}
