package dev.tether.mcp;

import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.connection.McpConnection;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Delivers connection changes to the session's listener one at a time, numbered by a revision
 * that grows with each delivery. A change of a generation that is no longer current is dropped
 * (a newer change has superseded it); after {@link #close()} nothing is delivered.
 */
final class EventDispatcher implements McpConnection.Events {
    private final McpRuntimeListener listener;
    private final ServerJournal journal;
    private final ReentrantLock lock = new ReentrantLock();
    private long revision;
    private volatile boolean closed;

    /** @param journal told every change first, so that a status view sees what the listener is told */
    EventDispatcher(McpRuntimeListener listener, ServerJournal journal) {
        this.listener = listener;
        this.journal = journal;
    }

    @Override
    public void emit(McpConnection source, int generation, Change change) {
        if (closed) {
            return;
        }
        lock.lock();
        try {
            if (closed || source.generation() != generation) {
                return;
            }
            ServerStatus status = source.status();
            switch (change) {
                case STATE -> {
                    McpRuntimeEvent.StateChanged changed = new McpRuntimeEvent.StateChanged(++revision, source.name(), generation, status);
                    journal.record(changed);
                    listener.onEvent(changed);
                    if (status.state() == State.READY) {
                        listener.serverReady(source.name(), status.toolCount());
                    } else if (status.state() == State.FAILED) {
                        listener.serverFailed(source.name(), status.reason());
                    } else if (status.state() == State.NEEDS_AUTH) {
                        listener.serverNeedsSignIn(source.name(), status.reason());
                    }
                }
                case ROOTS -> listener.serverNeedsRoots(source.name(), source.rootsNeeded());
                case TOOLS -> {
                    List<String> names = source.tools().stream().map(McpToolInfo::name).toList();
                    McpRuntimeEvent.ToolsChanged changed = new McpRuntimeEvent.ToolsChanged(++revision, source.name(), generation,
                            status.catalogRevision(), names);
                    journal.record(changed);
                    listener.onEvent(changed);
                    listener.toolsChanged();
                }
            }
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(EventDispatcher.class).warn("mcp listener failed: {}", e.toString());
        } finally {
            lock.unlock();
        }
    }

    void close() {
        closed = true;
    }
}
