package dev.tether.session;

import dev.tether.base.Cancellation;
import dev.tether.model.Part;
import dev.tether.session.api.EventSink;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.HostFailure;
import dev.tether.tools.SessionMode;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.builtin.RunCommandTool;
import dev.tether.tools.permission.PermissionDecision;
import dev.tether.tools.permission.PermissionGate;
import dev.tether.tools.rules.ServerBinding;
import dev.tether.tools.rules.Subject;
import dev.tether.tools.sandbox.Sandbox;
import dev.tether.tools.sandbox.SandboxMode;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A session's permission questions about tool calls: what the gate is asked about one call (its
 * traits as this input makes them, what the rules see of it, why it is asked when it does more
 * than its tool usually does or cannot run sandboxed), and the asking, one call at a time even
 * when calls run side by side.
 */
final class CallPermissions {
    static final String PROTECTED_NOTE = "This file is run by other programs without asking you (git, direnv, editor tasks): "
            + "writing it is like running a command.";

    private final PermissionGate gate;
    private final Lock permissionTurn;
    private final Supplier<SessionMode> mode;
    private final Sandbox sandbox;
    private final Function<String, ServerBinding> bindings;
    private final EventSink events;
    private final AtomicBoolean sandboxMissingTold = new AtomicBoolean();

    /**
     * @param permissionTurn held while the user is asked (the sandbox's escalation questions hold it too)
     * @param bindings       who each MCP server of the session is, by name, for rules naming it
     * @param events         where the notice goes that commands cannot run sandboxed here
     */
    CallPermissions(PermissionGate gate, Lock permissionTurn, Supplier<SessionMode> mode, Sandbox sandbox,
                    Function<String, ServerBinding> bindings, EventSink events) {
        this.gate = gate;
        this.permissionTurn = permissionTurn;
        this.mode = mode;
        this.sandbox = sandbox;
        this.bindings = bindings;
        this.events = events;
    }

    /**
     * What the gate is asked about this call. A call that does more than its tool usually does
     * (a write to a file other programs run) is decided on its own traits, says why it is asked,
     * and is never covered by an "Always allow" of the tool.
     */
    PermissionGate.Call question(Tool tool, Part.ToolUse use, String callId, ToolCallView view, ToolContext context) {
        ToolTraits traits;
        try {
            traits = tool.traitsFor(use.input(), context);
        } catch (Throwable e) {
            // An Error too: the announced call must still be decided and answered.
            log().warn("traitsFor failed for {}: {}", use.name(), e.toString());
            traits = tool.traits().asExecute(); // unknown effects: ask, never allow silently
        }
        if (traits.readOnly() && !tool.traits().readOnly()) {
            traits = tool.traits(); // a call may do more than its tool, never less
        }
        String unsandboxed = sandboxMissing(tool);
        if (unsandboxed != null) {
            // The policy wants the command confined and this machine cannot: ask, never run it unconfined silently.
            traits = new ToolTraits(traits.kind(), ToolTraits.Category.EXECUTE, true, traits.source(), unsandboxed);
            List<ToolDisplay> preview = new java.util.ArrayList<>();
            preview.add(ToolDisplay.text(unsandboxed));
            preview.addAll(view.preview());
            view = new ToolCallView(view.title(), view.kind(), view.locations(), preview);
        }
        boolean usual = traits.equals(tool.traits());
        if (!usual && traits.category() == ToolTraits.Category.EXECUTE && tool.traits().category() == ToolTraits.Category.EDIT) {
            List<ToolDisplay> preview = new java.util.ArrayList<>();
            preview.add(ToolDisplay.text(traits.why() == null ? PROTECTED_NOTE : traits.why()));
            preview.addAll(view.preview());
            view = new ToolCallView(view.title(), view.kind(), view.locations(), preview);
        }
        return new PermissionGate.Call(callId, use.name(), traits, view, use.input(), usual ? tool.approvalKey() : null,
                subject(tool, use, context));
    }

    /**
     * Why a command of this call would run outside the sandbox the policy wants (the machine cannot
     * give one), or null. The first time, the user is also told in a notice.
     */
    private String sandboxMissing(Tool tool) {
        if (!tool.definition().name().equals(RunCommandTool.NAME) || sandbox.mode() == SandboxMode.OFF) {
            return null;
        }
        var probe = sandbox.probe();
        if (probe.works()) {
            return null;
        }
        String why = "The sandbox (" + sandbox.mode().id() + ") is not available: " + probe.why()
                + ". This command would run outside it, with your full access.";
        if (sandboxMissingTold.compareAndSet(false, true)) {
            events.send(new SessionEvent.Notice(SessionEvent.Notice.WARNING, "Commands cannot run sandboxed",
                    why.replace("This command would run", "Each command is asked about and would run")));
        }
        return why;
    }

    /** What the permission rules see of the call; an MCP tool's server is bound to who it is in this session. */
    private Subject subject(Tool tool, Part.ToolUse use, ToolContext context) {
        Subject subject;
        try {
            subject = tool.subject(use.input(), context);
        } catch (RuntimeException e) {
            log().warn("subject failed for {}: {}", use.name(), e.toString());
            subject = Subject.Builtin.named(tool.definition().name());
        }
        if (subject instanceof Subject.Builtin builtin && builtin.tool().equals(RunCommandTool.NAME)) {
            // Rules may name sandboxed and unsandboxed runs apart: say which this one will be.
            return builtin.inSandbox(sandbox.mode() != SandboxMode.OFF && sandbox.probe().works());
        }
        return subject instanceof Subject.Mcp mcpCall ? mcpCall.withBinding(bindings.apply(mcpCall.server())) : subject;
    }

    /** The gate's decision; the user is asked about one call at a time, even when calls run side by side. */
    PermissionDecision check(PermissionGate.Call asked, Cancellation cancellation) throws HostFailure {
        permissionTurn.lock();
        try {
            return gate.check(mode.get(), asked, cancellation);
        } finally {
            permissionTurn.unlock();
        }
    }

    /** Made on first use: slf4j sets itself up then, which a session's start must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(CallPermissions.class);
    }
}
