package dev.tether.session;

import dev.tether.http.status.StatusSource;
import dev.tether.http.status.StatusView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The process's live sessions as the status page reads them, and its one action on them. */
public final class LiveSessions implements StatusSource {
    private final SessionManager sessions;

    public LiveSessions(SessionManager sessions) {
        this.sessions = sessions;
    }

    /** Every live session, by id (a stable order while the page is open); one closing meanwhile is left out. */
    @Override
    public List<StatusView.Session> sessions() {
        List<StatusView.Session> views = new ArrayList<>();
        for (SessionRuntime session : sessions.live()) {
            try {
                views.add(session.status());
            } catch (RuntimeException e) {
                // Closed while it was read: it is no longer live.
            }
        }
        views.sort(Comparator.comparing(StatusView.Session::id));
        return views;
    }

    @Override
    public boolean reconnect(String sessionId, String server) {
        return sessions.live().stream().filter(s -> s.id().value().equals(sessionId)).findFirst()
                .map(s -> s.reconnectServer(server)).orElse(false);
    }
}
