package dev.tether.session;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.session.api.Frontend;
import dev.tether.session.api.SessionError;
import dev.tether.session.api.SessionId;
import dev.tether.session.servers.McpServerSources;
import dev.tether.session.transcript.SessionRecord;
import dev.tether.session.transcript.Transcript;
import dev.tether.tools.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live sessions of one Tether process and their transcripts: new, load, resume, list,
 * close and delete. A request that names an unknown session throws
 * {@link SessionError.SessionNotFound}; a directory that does not exist or an unknown cursor
 * throws {@link SessionError.InvalidParams}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup">ACP session setup</a>
 */
public final class SessionManager implements AutoCloseable {
    /** Sessions per {@code session/list} page. */
    static final int PAGE_SIZE = 50;

    private final Map<SessionId, SessionRuntime> live = new ConcurrentHashMap<>();
    /** The MCP servers the editor named for each live session, which a fork that names none starts again. */
    private final Map<SessionId, List<McpServerSpec>> editorServers = new ConcurrentHashMap<>();
    private volatile SessionServices services;

    public SessionManager(SessionServices services) {
        this.services = services;
    }

    /** Replaces the services (once the editor's capabilities are known). */
    public void services(SessionServices newServices) {
        this.services = newServices;
    }

    public SessionServices services() {
        return services;
    }

    public SessionRuntime create(Path cwd, List<Path> additionalDirectories, List<McpServerSpec> editorServers) {
        requireDirectory(cwd, "cwd");
        additionalDirectories.forEach(d -> requireDirectory(d, "additionalDirectories"));
        SessionId id = SessionId.random();
        Transcript transcript = services.transcripts().create(new SessionRecord.Meta(id, cwd, additionalDirectories, Instant.now()));
        SessionRuntime runtime = new SessionRuntime(id, new Workspace(cwd, additionalDirectories, services.transcripts().privateRoots()), services,
                services.frontend().open(id, services.secrets()), transcript, null, servers(cwd, editorServers));
        live.put(id, runtime);
        this.editorServers.put(id, List.copyOf(editorServers));
        return runtime;
    }

    /**
     * A new session whose conversation starts as a copy of session {@code sourceId}'s as it stands
     * now (its transcript: what a live source's running turn has not yet recorded is not in it),
     * with its own id, transcript and MCP servers, started afresh: {@code editorServers}, or when
     * null a live source's. A live source's mode, model and thinking level carry over. The source
     * is only read.
     *
     * @see <a href="https://agentclientprotocol.com/rfds/session-fork">ACP session fork</a>
     */
    public SessionRuntime fork(String sourceId, Path cwd, List<Path> additionalDirectories, List<McpServerSpec> editorServers) {
        SessionId source = existingId(sourceId);
        requireDirectory(cwd, "cwd");
        additionalDirectories.forEach(d -> requireDirectory(d, "additionalDirectories"));
        SessionRuntime original = live.get(source);
        List<McpServerSpec> servers = editorServers != null ? List.copyOf(editorServers)
                : original != null ? this.editorServers.getOrDefault(source, List.of()) : List.of();
        SessionId id = SessionId.random();
        Transcript transcript = services.transcripts().fork(source, new SessionRecord.Meta(id, cwd, additionalDirectories, Instant.now()))
                .orElseThrow(() -> new SessionError.SessionNotFound(sourceId, false));
        SessionRecord record = services.transcripts().read(id).orElseThrow(() -> new SessionError.SessionNotFound(sourceId, false));
        SessionRuntime runtime = new SessionRuntime(id, new Workspace(cwd, additionalDirectories, services.transcripts().privateRoots()),
                services, services.frontend().open(id, services.secrets()), transcript, record, servers(cwd, servers));
        if (original != null) {
            runtime.adoptOptions(original);
        }
        live.put(id, runtime);
        this.editorServers.put(id, servers);
        return runtime;
    }

    /**
     * Restores a session from its transcript; with {@code replay}, the editor is first shown
     * everything recorded (session/load), without it nothing (resume).
     */
    public SessionRuntime restore(String sessionId, Path cwd, List<Path> additionalDirectories,
                                  List<McpServerSpec> editorServers, boolean replay) {
        SessionId id = existingId(sessionId);
        SessionRecord record = services.transcripts().read(id)
                .orElseThrow(() -> new SessionError.SessionNotFound(sessionId, false));
        requireDirectory(cwd, "cwd");
        SessionRuntime previous = live.remove(id);
        if (previous != null) {
            previous.close();
        }
        Frontend.Ports ports = services.frontend().open(id, services.secrets());
        if (replay) {
            ports.output().replay(record.updates());
        }
        List<Path> dirs = additionalDirectories.isEmpty() ? record.meta().additionalDirectories() : additionalDirectories;
        SessionRuntime runtime = new SessionRuntime(id, new Workspace(cwd, dirs, services.transcripts().privateRoots()), services,
                ports, services.transcripts().reopen(id), record, servers(cwd, editorServers));
        live.put(id, runtime);
        this.editorServers.put(id, List.copyOf(editorServers));
        return runtime;
    }

    public SessionRuntime get(String sessionId) {
        SessionRuntime runtime = SessionId.isValid(sessionId) ? live.get(new SessionId(sessionId)) : null;
        if (runtime == null) {
            throw new SessionError.SessionNotFound(sessionId,
                    SessionId.isValid(sessionId) && services.transcripts().exists(new SessionId(sessionId)));
        }
        return runtime;
    }

    /** The live sessions now, in no particular order. */
    public List<SessionRuntime> live() {
        return List.copyOf(live.values());
    }

    /**
     * Cancels a session's turn if the session exists, or a subagent's work if it names a running
     * one's child session; unknown ids are ignored (a notification).
     */
    public void cancel(String sessionId) {
        if (SessionId.isValid(sessionId)) {
            SessionRuntime runtime = live.get(new SessionId(sessionId));
            if (runtime != null) {
                runtime.cancel();
            } else {
                // A subagent's child session: its parent cancels its work.
                for (SessionRuntime parent : live.values()) {
                    if (parent.cancelSubagent(sessionId)) {
                        return;
                    }
                }
            }
        }
    }

    public void close(String sessionId) {
        SessionRuntime runtime = SessionId.isValid(sessionId) ? live.remove(new SessionId(sessionId)) : null;
        if (SessionId.isValid(sessionId)) {
            editorServers.remove(new SessionId(sessionId));
        }
        if (runtime == null) {
            if (SessionId.isValid(sessionId) && services.transcripts().exists(new SessionId(sessionId))) {
                return;
            }
            throw new SessionError.SessionNotFound(sessionId, false);
        }
        runtime.close();
    }

    /**
     * Deletes a session: closes it if live, then removes its transcript. An id that names no
     * session (never created, or already deleted) succeeds silently, as ACP asks: the editor's
     * intent, that the session be gone, already holds.
     *
     * @see <a href="https://agentclientprotocol.com/protocol/v1/session-delete">ACP session/delete</a>
     */
    public void delete(String sessionId) {
        if (!SessionId.isValid(sessionId)) {
            return;
        }
        SessionId id = new SessionId(sessionId);
        editorServers.remove(id);
        SessionRuntime runtime = live.remove(id);
        if (runtime != null) {
            runtime.close();
        }
        services.transcripts().delete(id);
    }

    /** One page of stored sessions, newest first; the cursor is the index of the next one. */
    public Page list(Path cwd, String cursor) {
        int start = 0;
        if (cursor != null) {
            try {
                start = Integer.parseInt(cursor);
            } catch (NumberFormatException e) {
                start = -1;
            }
            if (start < 0) {
                throw new SessionError.InvalidParams("unknown cursor \"" + cursor + "\"");
            }
        }
        List<SessionRecord.Summary> all = services.transcripts().list(cwd);
        int end = Math.min(all.size(), start + PAGE_SIZE);
        List<SessionRecord.Summary> page = start >= all.size() ? List.of() : all.subList(start, end);
        return new Page(List.copyOf(page), end < all.size() ? Integer.toString(end) : null);
    }

    public record Page(List<SessionRecord.Summary> sessions, String nextCursor) {}

    private SessionId existingId(String sessionId) {
        if (!SessionId.isValid(sessionId) || !services.transcripts().exists(new SessionId(sessionId))) {
            throw new SessionError.SessionNotFound(sessionId, false);
        }
        return new SessionId(sessionId);
    }

    /** The session's servers: the configured sources decide, given the editor's. */
    private McpServerSources.Lineup servers(Path cwd, List<McpServerSpec> editorServers) {
        return services.mcpSources().lineup(cwd, editorServers);
    }

    private static void requireDirectory(Path dir, String field) {
        if (!Files.isDirectory(dir)) {
            throw new SessionError.InvalidParams("\"" + field + "\" is not an existing directory: " + dir);
        }
    }

    /** Ends every live session (and so every MCP server process). */
    @Override
    public void close() {
        List<SessionRuntime> all = new ArrayList<>(live.values());
        live.clear();
        all.parallelStream().forEach(SessionRuntime::close);
    }
}
