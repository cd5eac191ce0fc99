package dev.tether.acp.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.acp.ClientCapabilities;
import dev.tether.base.Cancellation;
import dev.tether.tools.FakeEditor;
import dev.tether.tools.FileSystem;
import dev.tether.tools.local.LocalFileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each of fs/read_text_file and fs/write_text_file is used exactly when the editor offers it. */
class EditorFileSystemChoiceTest {
    @TempDir
    Path dir;

    @Test
    void anEditorThatOnlyReadsGetsReadsAndTheDiskGetsWrites() throws Exception {
        Path file = dir.resolve("a.txt");
        Files.writeString(file, "disk\n");
        FakeEditor editor = new FakeEditor().buffer(file, "buffer\n");
        FileSystem files = EditorFileSystem.choose(editor, new ClientCapabilities(true, false, false, false, false), "s-1",
                LocalFileSystem.INSTANCE);

        assertEquals("buffer\n", files.read(file, null, null, Cancellation.root()));
        files.write(file, "new\n", Cancellation.root());
        assertEquals("new\n", Files.readString(file));
        assertEquals(List.of("fs/read_text_file"), editor.calls().stream().map(FakeEditor.Call::method).toList());
    }

    @Test
    void anEditorThatOnlyWritesGetsWritesAndTheDiskGetsReads() throws Exception {
        Path file = dir.resolve("a.txt");
        Files.writeString(file, "disk\n");
        FakeEditor editor = new FakeEditor().buffer(file, "buffer\n");
        FileSystem files = EditorFileSystem.choose(editor, new ClientCapabilities(false, true, false, false, false), "s-1",
                LocalFileSystem.INSTANCE);

        assertEquals("disk\n", files.read(file, null, null, Cancellation.root()));
        files.write(file, "new\n", Cancellation.root());
        assertEquals(List.of("fs/write_text_file"), editor.calls().stream().map(FakeEditor.Call::method).toList());
    }

    @Test
    void anEditorWithoutFilesLeavesEverythingToTheDisk() {
        assertEquals(LocalFileSystem.INSTANCE, EditorFileSystem.choose(new FakeEditor(), ClientCapabilities.NONE, "s-1",
                LocalFileSystem.INSTANCE));
    }
}
