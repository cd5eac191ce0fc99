package dev.tether.tools;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.SessionEvents;
import dev.tether.acp.editor.EditorToolPorts;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.base.Cancellation;
import dev.tether.session.api.SessionEvent;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A workspace in a temp directory, a {@link FakeEditor}, recorded updates and a turn cancellation.
 * A context's ports are the session's real ones for the given capabilities (the editor's over the
 * fake editor, or the local disk and processes), so the {@code fs/*} and {@code terminal/*} wire
 * shapes stay covered; progress and plan are recorded as the session would send them.
 */
public final class ToolHarness {
    public static final ClientCapabilities LOCAL = ClientCapabilities.NONE;
    public static final ClientCapabilities EDITOR = new ClientCapabilities(true, true, true, false, false);

    public final Path root;
    public final Workspace workspace;
    public final FakeEditor editor = new FakeEditor();
    public final List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
    public final Cancellation cancellation = Cancellation.root();

    public ToolHarness(Path tempDir) {
        this.root = tempDir.toAbsolutePath().resolve("ws");
        try {
            java.nio.file.Files.createDirectories(root);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        this.workspace = new Workspace(root, List.of());
    }

    public ToolContext context(ClientCapabilities capabilities) {
        return context(EditorToolPorts.of(editor, capabilities, "s-1",
                entries -> updates.add(SessionEvents.toAcp(new SessionEvent.PlanUpdated(entries)))));
    }

    /** A context on the given ports (fakes of the seams themselves). */
    public ToolContext context(ToolPorts ports) {
        return new ToolContext("call-1", workspace, ports, content -> updates.add(SessionEvents.toAcp(new SessionEvent.ToolCallUpdated("call-1", null, content, null))),
                cancellation);
    }
}
