package dev.tether.session;

import dev.tether.agent.TurnTools;
import dev.tether.agent.subagent.AgentTool;
import dev.tether.agent.subagent.AgentType;
import dev.tether.agent.subagent.SubagentHost;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.projection.DeferredTools;
import dev.tether.mcp.projection.ToolSearchTool;
import dev.tether.model.BinaryNotes;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.security.SecretRegistry;
import dev.tether.session.api.EventSink;
import dev.tether.session.api.Frontend;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.transcript.ToolAudit;
import dev.tether.tools.HostFailure;
import dev.tether.tools.ProtectedPaths;
import dev.tether.tools.SessionMode;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.ToolRegistry;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.Workspace;
import dev.tether.tools.builtin.BuiltinTools;
import dev.tether.tools.permission.PermissionDecision;
import dev.tether.tools.permission.PermissionGate;
import dev.tether.tools.permission.RuleBook;
import dev.tether.tools.rules.RuleSet;
import dev.tether.tools.rules.ServerBinding;
import dev.tether.tools.rules.Subject;
import dev.tether.tools.sandbox.Sandbox;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The session's tools as the turn loop sees them: before each model request the tools on offer
 * (built-in ones, and the MCP servers' once the catalog barrier let the request through, for the
 * session's mode, past deferral), and each call's path from announcement through the permission
 * gate to its reported result.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls">ACP tool calls</a>
 */
final class SessionTools implements TurnTools {
    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SessionTools.class);
    }

    private final Catalog mcp;
    private final Supplier<SessionMode> mode;
    private final BooleanSupplier acceptsImages;
    private final Workspace workspace;
    private final ProtectedPaths protectedPaths;
    private final EventSink events;
    private final ToolRegistry registry;
    private final CallPermissions permissions;
    private final RuleBook ruleBook;
    private final ToolPorts ports;
    private final Set<String> usedIds = new HashSet<>();
    private final ToolAudit audit;

    private final DeferredTools deferred;
    private final Function<List<Path>, String> nestedInstructions;
    private final Predicate<Tool> subset;
    private final Sandbox sandbox;

    /** What the {@code agent} tool runs subagents with: the host, the known agent types (read at each call), the budget. */
    record Subagents(SubagentHost host, Supplier<Map<String, AgentType>> types, AgentTool.Budget budget) {}

    /** The MCP servers' tools for a model request, once the catalog barrier let it through. */
    @FunctionalInterface
    interface Catalog {
        /** @throws CancelledException the turn was cancelled while waiting */
        List<Tool> beforeRequest(Cancellation turn);
    }

    /**
     * What the session's tool registry is made of.
     *
     * @param filter      the user's allow and deny lists, the deferral settings and the protected paths
     * @param secrets     the known secrets, which the built-in tools withhold from commands
     * @param loadedTools the MCP tools an earlier life of the session loaded with tool_search
     * @param keepLoaded  told the whole loaded set each time it grows (the transcript)
     * @param rules       the permission rules of the session's project
     * @param bindings    who each MCP server of the session is, by name, for rules naming it
     * @param nestedInstructions the instruction files a read or edit of these paths brings in (labelled), or ""
     * @param sandbox     how the session's commands are confined
     * @param answers     the session's "Always allow" answers (a subagent's tools share its parent's)
     */
    record Toolset(ToolFilter filter, SecretRegistry secrets, Collection<String> loadedTools, Consumer<Collection<String>> keepLoaded,
                   RuleBook rules, Function<String, ServerBinding> bindings, Function<List<Path>, String> nestedInstructions,
                   Sandbox sandbox, PermissionGate.SessionAnswers answers) {
        /** A toolset without permission rules, instruction files or sandbox. */
        Toolset(ToolFilter filter, SecretRegistry secrets, Collection<String> loadedTools, Consumer<Collection<String>> keepLoaded) {
            this(filter, secrets, loadedTools, keepLoaded, RuleBook.NONE, server -> ServerBinding.UNKNOWN, paths -> "", Sandbox.NONE,
                    new PermissionGate.SessionAnswers());
        }
    }

    /**
     * Where the calls run and report.
     *
     * @param editor the permission prompt, and the files, terminals and plan the tools use
     * @param events where each call is announced, updated and answered
     * @param audit  the audit log of MCP calls
     */
    record Reach(Workspace workspace, Frontend.Ports editor, EventSink events, ToolAudit audit) {}

    /**
     * @param mode          the session's mode, read at each request and call
     * @param acceptsImages whether the session's model takes images, read at each call
     */
    SessionTools(Catalog mcp, Toolset toolset, Reach reach, Supplier<SessionMode> mode, BooleanSupplier acceptsImages) {
        this(mcp, toolset, reach, mode, acceptsImages, tool -> true, null);
    }

    /**
     * @param subset    the tools of the registry offered at all (a subagent's subset)
     * @param subagents where the {@code agent} tool opens subagents, or null for no such tool
     */
    SessionTools(Catalog mcp, Toolset toolset, Reach reach, Supplier<SessionMode> mode, BooleanSupplier acceptsImages,
                 Predicate<Tool> subset, Subagents subagents) {
        this.mcp = mcp;
        this.subset = subset;
        this.mode = mode;
        this.acceptsImages = acceptsImages;
        this.workspace = reach.workspace();
        this.protectedPaths = toolset.filter().protectedPaths();
        this.events = reach.events();
        this.deferred = new DeferredTools(toolset.filter().deferral(), toolset.loadedTools(), toolset.keepLoaded());
        List<Tool> builtins = new java.util.ArrayList<>(BuiltinTools.all(toolset.secrets()));
        builtins.add(new ToolSearchTool(deferred));
        if (subagents != null) {
            builtins.add(new AgentTool(subagents.host(), subagents.types(), subagents.budget()));
        }
        this.registry = new ToolRegistry(builtins, toolset.filter());
        this.nestedInstructions = toolset.nestedInstructions();
        this.ports = reach.editor().tools();
        this.audit = reach.audit();
        this.ruleBook = toolset.rules();
        java.util.concurrent.locks.Lock permissionTurn = new java.util.concurrent.locks.ReentrantLock();
        this.sandbox = toolset.sandbox().asking(new SandboxEscalation(reach.editor().permissions(), toolset.rules(), permissionTurn));
        this.permissions = new CallPermissions(new PermissionGate(reach.editor().permissions(), toolset.rules(), toolset.answers()),
                permissionTurn, mode, sandbox, toolset.bindings(), events);
    }

    @Override
    public List<ToolDefinition> prepare(Cancellation cancellation) {
        registry.replaceProjection(mcp.beforeRequest(cancellation));
        return deferred.select(offered()).stream().map(Tool::definition).toList();
    }

    /**
     * A call runs beside others of its step when its tool only reads by traits the gate relies on
     * (built-in reads and searches, MCP tools trusted as read-only) and the gate would allow it
     * without asking. Plan updates keep their order, so they are not among them.
     */
    @Override
    public boolean parallelSafe(Part.ToolUse use) {
        Optional<Tool> found = offered().stream().filter(t -> t.definition().name().equals(use.name())).findFirst();
        if (found.isEmpty()) {
            return false;
        }
        ToolTraits traits = found.get().traits();
        return traits.readOnly() && !traits.confirm() && traits.kind() != ToolKind.THINK
                && PermissionGate.verdict(mode.get(), traits, false) == PermissionGate.Verdict.ALLOW;
    }

    @Override
    public Step call(Part.ToolUse use, Cancellation turn) {
        String callId = uniqueId(use.id());
        long started = System.nanoTime();
        Optional<Tool> found = offered().stream().filter(t -> t.definition().name().equals(use.name())).findFirst();
        if (found.isEmpty()) {
            Optional<Tool> known = registry.find(use.name());
            String message = known.isPresent() && !subset.test(known.get())
                    ? "Tool " + use.name() + " is not one of this subagent's tools."
                    : known.isPresent()
                    ? "Tool " + use.name() + " is not allowed in " + mode.get().id() + " mode."
                    : "Unknown tool: " + use.name() + ".";
            announce(known.isPresent() ? refusedView(known.get(), use, callId, turn)
                    : new ToolCallView("Unknown tool " + dev.tether.security.UnicodeSanitizer.clean(use.name()), ToolKind.OTHER, List.of(), List.of()),
                    callId, use);
            known.ifPresent(tool -> {
                audit.decided(callId, PermissionDecision.Basis.POLICY);
                events.sendDurable(new SessionEvent.PermissionDecided(callId, "denied", PermissionDecision.Basis.POLICY.by()));
                audit.record(tool, callId, "denied", started, "not_run", message, null);
            });
            return finish(use, callId, ToolStatus.failed(message));
        }
        Tool tool = found.get();
        deferred.used(tool);
        // A call that runs another tool's call (an MCP tool started as a task) is described and gated as that tool's.
        Tool.Delegation via = delegation(tool, use);
        if (via != null && offered().stream().noneMatch(t -> t.definition().name().equals(via.tool().definition().name()))) {
            // The tool it names is not offered (denied by the user's lists, or not in this mode): no way around that.
            String message = "Tool " + via.tool().definition().name() + " is not allowed in " + mode.get().id() + " mode.";
            announce(ToolCallView.of(dev.tether.security.UnicodeSanitizer.clean(use.name()), ToolKind.OTHER), callId, use);
            return finish(use, callId, ToolStatus.failed(message));
        }
        Tool gated = via == null ? tool : via.tool();
        Part.ToolUse gatedUse = via == null ? use : new Part.ToolUse(use.id(), gated.definition().name(), via.input());
        try (Cancellation callCancellation = turn.child()) {
            ToolContext context = new ToolContext(callId, workspace, ports,
                    content -> events.send(new SessionEvent.ToolCallUpdated(callId, null, content, null)), callCancellation,
                    protectedPaths, sandbox, deniedReads());
            ToolCallView view;
            try {
                view = gated.describe(gatedUse.input(), context);
            } catch (Throwable e) {
                // Even an Error (a StackOverflowError in a hostile input) must leave the call answerable.
                log().warn("describe failed for {}: {}", use.name(), e.toString());
                view = ToolCallView.of(use.name(), gated.traits().kind());
            }
            PermissionGate.Call asked = permissions.question(gated, gatedUse, callId, view, context);
            announce(asked.view(), callId, use);
            PermissionDecision decision;
            try {
                decision = permissions.check(asked, callCancellation);
            } catch (CancelledException e) {
                audit.record(tool, callId, "cancelled", started, "not_run", null, null);
                return cancelled(use, callId);
            } catch (HostFailure e) {
                // The editor could not ask the user: nothing was allowed, so nothing runs.
                log().warn("permission request for {} failed: {}", use.name(), e.getMessage());
                audit.record(tool, callId, "unavailable", started, "not_run", e.getMessage(), null);
                return finish(use, callId, ToolStatus.failed("Not run: the editor could not ask the user for permission."));
            }
            switch (decision) {
                case PermissionDecision.Allowed allowed -> {
                    audit.decided(callId, allowed.basis());
                    events.sendDurable(new SessionEvent.PermissionDecided(callId, "allowed", allowed.basis().by()));
                }
                case PermissionDecision.Rejected rejected -> {
                    audit.decided(callId, rejected.basis());
                    events.sendDurable(new SessionEvent.PermissionDecided(callId, "denied", rejected.basis().by()));
                    audit.record(tool, callId, "rejected", started, "not_run", rejected.reason(), null);
                    return finish(use, callId, ToolStatus.failed(rejected.reason()));
                }
                case PermissionDecision.Cancelled cancelled -> {
                    audit.record(tool, callId, "cancelled", started, "not_run", null, null);
                    return cancelled(use, callId);
                }
            }
            events.send(SessionEvent.ToolCallUpdated.status(callId, SessionEvent.CallStatus.IN_PROGRESS));
            try {
                ToolOutcome outcome = tool.run(use.input(), context);
                audit.record(tool, callId, "allowed", started, outcome.isError() ? "error" : "completed", null, outcome.audit());
                List<Part> forModel = forModel(outcome.forModel());
                if (!outcome.isError()) {
                    forModel = withInstructions(asked.subject(), forModel);
                }
                return finish(use, callId, new ToolStatus(outcome.isError() ? SessionEvent.CallStatus.FAILED : SessionEvent.CallStatus.COMPLETED,
                        forModel, outcome.forEditor(), outcome.rawOutput(), outcome.isError()));
            } catch (ToolError error) {
                // Both kinds answer the call with the message; only a fatal one also ends the turn.
                return switch (error) {
                    case ToolError.TellModel tell -> {
                        audit.record(tool, callId, "allowed", started, "failed", tell.getMessage(), null);
                        yield finish(use, callId, ToolStatus.failed(tell.getMessage()));
                    }
                    case ToolError.Fatal fatal -> {
                        log().warn("tool {} failed fatally: {}", use.name(), fatal.getMessage());
                        audit.record(tool, callId, "allowed", started, "fatal", fatal.getMessage(), null);
                        yield new Step.Fatal(finish(use, callId, ToolStatus.failed(fatal.getMessage())).result(), fatal);
                    }
                };
            } catch (CancelledException e) {
                audit.record(tool, callId, "allowed", started, "cancelled", null, null);
                return cancelled(use, callId);
            } catch (Throwable e) {
                // Every tool_use needs its result, or each later model request is rejected: an Error too.
                log().error("tool {} failed", use.name(), e);
                audit.record(tool, callId, "allowed", started, "failed", "unexpected failure", null);
                return finish(use, callId, ToolStatus.failed("The tool failed unexpectedly."));
            }
        }
    }

    /**
     * The deny rules as a walk over files asks them, file by file: the rules are read once per call,
     * when the first file is asked about (a call that walks nothing reads none).
     */
    private ToolContext.DeniedReads deniedReads() {
        RuleSet[] rules = {null};
        return (tool, file) -> {
            if (rules[0] == null) {
                rules[0] = ruleBook.rules();
            }
            return rules[0].denies(new Subject.Builtin(tool, null, List.of(file)));
        };
    }

    /**
     * How a call of a tool that exists but is not offered (not in this mode, not a subagent's) is
     * shown: as that tool's call (its title, kind and locations), without a preview of what it
     * would have done, since it will not run.
     */
    private ToolCallView refusedView(Tool tool, Part.ToolUse use, String callId, Cancellation turn) {
        try (Cancellation describing = turn.child()) {
            ToolContext context = new ToolContext(callId, workspace, ports, content -> { }, describing, protectedPaths, sandbox, deniedReads());
            ToolCallView view = tool.describe(use.input(), context);
            return new ToolCallView(view.title(), view.kind(), view.locations(), List.of());
        } catch (Throwable e) {
            log().warn("describe failed for {}: {}", use.name(), e.toString());
            return ToolCallView.of(dev.tether.security.UnicodeSanitizer.clean(use.name()), tool.traits().kind());
        }
    }

    /** The registry's tools the mode offers, within the subset. */
    private List<Tool> offered() {
        return registry.offered(mode.get()).stream().filter(subset).toList();
    }

    private static Tool.Delegation delegation(Tool tool, Part.ToolUse use) {
        try {
            return tool.delegation(use.input());
        } catch (RuntimeException e) {
            log().warn("delegation failed for {}: {}", use.name(), e.toString());
            return null;
        }
    }

    /** The tools whose calls bring in the instruction files of the directories they read or edit in. */
    private static final Set<String> TOUCHING = Set.of(dev.tether.tools.builtin.ReadFileTool.NAME,
            dev.tether.tools.builtin.EditFileTool.NAME, dev.tether.tools.builtin.WriteFileTool.NAME);

    /** A read or edit below the session's directory brings the instruction files there it had not seen, after the result. */
    private List<Part> withInstructions(Subject subject, List<Part> parts) {
        if (!(subject instanceof Subject.Builtin builtin) || !TOUCHING.contains(builtin.tool()) || builtin.paths().isEmpty()) {
            return parts;
        }
        String extra = nestedInstructions.apply(builtin.paths());
        if (extra == null || extra.isEmpty()) {
            return parts;
        }
        List<Part> out = new java.util.ArrayList<>(parts);
        out.add(new Part.Text(extra));
        return out;
    }

    private List<Part> forModel(List<Part> parts) {
        return BinaryNotes.forModel(parts, acceptsImages.getAsBoolean());
    }

    /** Whether the last model request left out the tool the model calls {@code name}. */
    boolean deferred(String name) {
        return deferred.isDeferred(name);
    }

    /** The last permission decisions, newest first. */
    List<ToolAudit.Decided> decisions() {
        return audit.recent();
    }

    void close() {
        audit.close();
    }

    private void announce(ToolCallView view, String callId, Part.ToolUse use) {
        events.sendDurable(new SessionEvent.ToolCallStarted(callId, view, use.input(), use.name()));
    }

    private Step cancelled(Part.ToolUse use, String callId) {
        return new Step.Cancelled(finish(use, callId, ToolStatus.failed("Cancelled by the user.")).result());
    }

    private Step.Answered finish(Part.ToolUse use, String callId, ToolStatus status) {
        events.sendDurable(new SessionEvent.ToolCallUpdated(callId, status.status(), status.forEditor(), status.rawOutput(),
                use.name()));
        return new Step.Answered(new Part.ToolResult(use.id(), status.forModel(), status.isError()));
    }

    /** Tool call ids must be unique in the session; model ids may repeat across turns (scripts). */
    private synchronized String uniqueId(String id) {
        String candidate = id == null || id.isBlank() ? "call" : id;
        String unique = candidate;
        for (int n = 2; !usedIds.add(unique); n++) {
            unique = candidate + "-" + n;
        }
        return unique;
    }

    private record ToolStatus(SessionEvent.CallStatus status, List<Part> forModel, List<ToolDisplay> forEditor,
                              JsonNode rawOutput, boolean isError) {
        static ToolStatus failed(String message) {
            return new ToolStatus(SessionEvent.CallStatus.FAILED, List.of(new Part.Text(message)),
                    List.of(ToolDisplay.text(message)), null, true);
        }
    }
}
