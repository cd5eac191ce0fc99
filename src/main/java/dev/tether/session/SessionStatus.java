package dev.tether.session;

import dev.tether.http.status.StatusView;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.servers.SessionNotices;
import dev.tether.session.servers.SessionServers;
import dev.tether.tools.Workspace;
import dev.tether.tools.sandbox.Sandbox;
import dev.tether.tools.sandbox.SandboxMode;
import java.util.List;

/**
 * One session as the status page shows it, read from the session's parts when the page asks
 * (made then, never when the session starts). Nothing here waits: servers still starting show as
 * connecting.
 */
final class SessionStatus {
    /** The session's parts the page reads. */
    record Parts(Workspace workspace, SessionOptions options, SessionTools tools, SessionServers servers, SessionNotices notices,
                 Sandbox sandbox) {}

    private SessionStatus() {}

    /** @param usage the last context usage reported to the editor, or null before the first */
    static StatusView.Session of(String id, String title, Parts parts, SessionEvent.UsageChanged usage) {
        StatusView.Context context = usage == null ? new StatusView.Context(null, null) : new StatusView.Context(usage.used(), usage.size());
        List<StatusView.Decision> decisions = parts.tools().decisions().stream()
                .map(d -> new StatusView.Decision(d.at().toString(), d.tool(), d.decision(), d.decidedBy())).toList();
        List<StatusView.Notice> notices = parts.notices().recent().stream()
                .map(n -> new StatusView.Notice(n.at().toString(), n.severity(), n.text())).toList();
        return new StatusView.Session(id, title, parts.workspace().cwd().toString(), parts.options().mode().id(), parts.options().model(),
                context, parts.servers().inspect(parts.tools()::deferred), parts.servers().tasks(), decisions, sandbox(parts.sandbox()), notices);
    }

    /** The sandbox in force, in the words of {@code /sandbox}: off, on (and what it allows), or wanted and missing. */
    static StatusView.Sandbox sandbox(Sandbox sandbox) {
        SandboxMode mode = sandbox.mode();
        if (mode == SandboxMode.OFF) {
            return new StatusView.Sandbox("off",
                    "commands run with your own rights, unsandboxed; your session mode decides what asks first");
        }
        var probe = sandbox.probe();
        if (!probe.works()) {
            return new StatusView.Sandbox(mode.id() + ", not available", probe.why() + "; each command is asked about instead");
        }
        return new StatusView.Sandbox(mode.id(), "bubblewrap: "
                + (mode == SandboxMode.READ_ONLY ? "nothing writable but a private /tmp" : "writes only in the workspace, the writable roots and a private /tmp")
                + "; credentials hidden; network " + (sandbox.policy().network() ? "on" : "off"));
    }
}
