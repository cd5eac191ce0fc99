package dev.tether.session;

import dev.tether.http.status.StatusView;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.servers.SessionNotices;
import dev.tether.session.servers.SessionServers;
import dev.tether.tools.Workspace;
import java.util.List;

/**
 * One session as the status page shows it, read from the session's parts when the page asks
 * (made then, never when the session starts). Nothing here waits: servers still starting show as
 * connecting.
 */
final class SessionStatus {
    /** Tether has no OS sandbox yet: the page says so rather than leaving it out. */
    static final StatusView.Sandbox NO_SANDBOX = new StatusView.Sandbox("none",
            "commands run with your own rights, unsandboxed; your session mode decides what asks first");

    /** The session's parts the page reads. */
    record Parts(Workspace workspace, SessionOptions options, SessionTools tools, SessionServers servers, SessionNotices notices) {}

    private SessionStatus() {}

    /** @param usage the last context usage reported to the editor, or null before the first */
    static StatusView.Session of(String id, String title, Parts parts, SessionEvent.UsageChanged usage) {
        StatusView.Context context = usage == null ? new StatusView.Context(null, null) : new StatusView.Context(usage.used(), usage.size());
        List<StatusView.Decision> decisions = parts.tools().decisions().stream()
                .map(d -> new StatusView.Decision(d.at().toString(), d.tool(), d.decision(), d.decidedBy())).toList();
        List<StatusView.Notice> notices = parts.notices().recent().stream()
                .map(n -> new StatusView.Notice(n.at().toString(), n.severity(), n.text())).toList();
        return new StatusView.Session(id, title, parts.workspace().cwd().toString(), parts.options().mode().id(), parts.options().model(),
                context, parts.servers().inspect(parts.tools()::deferred), parts.servers().tasks(), decisions, NO_SANDBOX, notices);
    }
}
