package dev.tether.tools.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.tools.FileSystem;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Terminals;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolHarness;
import dev.tether.tools.ToolPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in tools in front of failing host ports: every path check runs before a port is
 * used, and a host's error reaches the model as a short failure with the host's reason.
 */
class HostPortFailuresTest {
    @TempDir
    Path temp;
    ToolHarness h;
    final List<String> used = new CopyOnWriteArrayList<>();

    /** A host whose every file and terminal request fails with {@code reason}. */
    ToolPorts failing(String reason) {
        FileSystem files = new FileSystem() {
            @Override
            public String read(Path path, Integer line, Integer limit, Cancellation cancellation) throws IOException {
                used.add("read " + h.root.relativize(path));
                throw new IOException(reason);
            }

            @Override
            public void write(Path path, String content, Cancellation cancellation) throws IOException {
                used.add("write " + h.root.relativize(path));
                throw new IOException(reason);
            }
        };
        Terminals terminals = new Terminals() {
            @Override
            public String create(Launch launch, Cancellation cancellation) throws HostFailure {
                used.add("create " + launch.args());
                throw new HostFailure(reason);
            }

            @Override
            public void waitForExit(String terminalId, Cancellation cancellation) {
                throw new AssertionError("never created");
            }

            @Override
            public Output output(String terminalId, Cancellation cancellation) {
                throw new AssertionError("never created");
            }

            @Override
            public void kill(String terminalId, Cancellation cancellation) {
                throw new AssertionError("never created");
            }

            @Override
            public void release(String terminalId, Cancellation cancellation) {
                throw new AssertionError("never created");
            }
        };
        return new ToolPorts(files, terminals, entries -> used.add("plan"));
    }

    @BeforeEach
    void setUp() {
        h = new ToolHarness(temp);
    }

    @Test
    void aHostReadErrorNamesTheFileAndTheHostsReason() throws Exception {
        Files.writeString(h.root.resolve("a.txt"), "text\n");
        ToolError.TellModel f = assertThrows(ToolError.TellModel.class,
                () -> new ReadFileTool().run(Json.parse("{\"path\":\"a.txt\"}"), h.context(failing("buffer is locked"))));
        assertEquals("read_file: could not read a.txt: buffer is locked", f.getMessage());
        assertEquals(List.of("read a.txt"), used);
    }

    @Test
    void aHostReadErrorForAMissingFileSaysItIsMissing() {
        ToolError.TellModel f = assertThrows(ToolError.TellModel.class,
                () -> new ReadFileTool().run(Json.parse("{\"path\":\"gone.txt\"}"), h.context(failing("Resource not found"))));
        assertEquals("read_file: file not found: gone.txt", f.getMessage());
    }

    @Test
    void aHostWriteErrorNamesTheFileAndTheHostsReason() {
        ToolError.TellModel f = assertThrows(ToolError.TellModel.class, () -> new WriteFileTool()
                .run(Json.parse("{\"path\":\"new.txt\",\"content\":\"x\"}"), h.context(failing("read-only buffer"))));
        assertEquals("write_file: could not write new.txt: read-only buffer", f.getMessage());
        assertEquals(List.of("write new.txt"), used);
    }

    @Test
    void specialFilesAndLinksNeverReachTheHost() throws Exception {
        Files.createDirectories(h.root.resolve("dir"));
        Files.writeString(temp.resolve("outside.txt"), "secret");
        Files.createSymbolicLink(h.root.resolve("link.txt"), temp.resolve("outside.txt"));
        new ProcessBuilder("mkfifo", h.root.resolve("pipe").toString()).start().waitFor();
        for (String path : List.of("dir", "link.txt", "pipe")) {
            assertThrows(ToolError.TellModel.class,
                    () -> new ReadFileTool().run(Json.parse("{\"path\":\"" + path + "\"}"), h.context(failing("x"))));
            assertThrows(ToolError.TellModel.class, () -> new WriteFileTool()
                    .run(Json.parse("{\"path\":\"" + path + "\",\"content\":\"x\"}"), h.context(failing("x"))));
        }
        assertEquals(List.of(), used, "every check runs before the host is asked");
        assertEquals("secret", Files.readString(temp.resolve("outside.txt")));
    }

    @Test
    void aTerminalTheHostCannotStartIsAFailureTheModelReads() {
        ToolError.TellModel f = assertThrows(ToolError.TellModel.class, () -> new RunCommandTool()
                .run(Json.parse("{\"command\":\"true\"}"), h.context(failing("no shell"))));
        assertEquals("run_command: the editor could not start the command: no shell", f.getMessage());
        assertEquals(List.of("create [-c, true]"), used);
    }
}
