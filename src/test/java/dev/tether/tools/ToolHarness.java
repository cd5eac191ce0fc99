package dev.tether.tools;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.base.Cancellation;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A workspace in a temp directory, a {@link FakeEditor}, recorded updates and a turn cancellation. */
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
        return new ToolContext("s-1", "call-1", workspace, editor, capabilities, updates::add, cancellation);
    }
}
