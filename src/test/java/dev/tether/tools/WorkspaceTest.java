package dev.tether.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Paths resolve to their real location inside a root, never into a private directory or through a dangling link. */
class WorkspaceTest {
    @TempDir
    Path dir;

    @Test
    void aLinkInsideResolvesToItsTargetUnderTheRootAsNamed() throws Exception {
        Path real = Files.createDirectories(dir.resolve("real-ws"));
        Path named = Files.createSymbolicLink(dir.resolve("ws"), real);
        Files.writeString(real.resolve("docs.md"), "x");
        Files.createSymbolicLink(real.resolve("README.md"), Path.of("docs.md"));
        Workspace workspace = new Workspace(named, List.of());
        assertEquals(named.resolve("docs.md"), workspace.resolve("README.md"));
        assertEquals(named.resolve("new/file.txt"), workspace.resolve("new/file.txt"));
        assertEquals(named, workspace.resolve("."));
    }

    @Test
    void aDanglingLinkIsRefusedEvenWhenItPointsInside() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.createSymbolicLink(ws.resolve("later.txt"), Path.of("not-yet.txt"));
        Files.createSymbolicLink(ws.resolve("gone"), Path.of("missing-dir"));
        Workspace workspace = new Workspace(ws, List.of());
        for (String path : List.of("later.txt", "gone/new.txt")) {
            ToolError.TellModel failure = assertThrows(ToolError.TellModel.class, () -> workspace.resolve(path));
            assertEquals("path leads through a symbolic link whose target does not exist: " + path, failure.getMessage());
        }
    }

    @Test
    void privateDirectoriesAreUnreachableAlsoThroughALink() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Path state = Files.createDirectories(ws.resolve(".state/sessions"));
        Files.createSymbolicLink(ws.resolve("peek"), Path.of(".state"));
        Workspace workspace = new Workspace(ws, List.of(), List.of(ws.resolve(".state")));
        for (String path : List.of(".state/sessions/x.jsonl", "peek/sessions", state.toString(), ".state")) {
            ToolError.TellModel failure = assertThrows(ToolError.TellModel.class, () -> workspace.resolve(path));
            assertEquals("path is in Tether's private state directory: " + path, failure.getMessage());
        }
        assertTrue(workspace.isPrivate(ws.resolve("peek/sessions")));
        assertFalse(workspace.isPrivate(ws.resolve("src")));
    }
}
