package dev.tether.mcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a stdio server is started with, the one answer the launch and the managed policy share. */
class StdioLaunchTest {
    @TempDir
    Path dir;

    private Path program(String relative) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    @Test
    void aBareCommandIsFoundOnTheServersOwnPathAndTheEnvironmentIsTheAllowListPlusItsVariables() throws Exception {
        program("host-bin/tool");
        Path own = program("own-bin/tool");
        McpServerSpec.Stdio spec = new McpServerSpec.Stdio("s", "tool", List.of("a"), Map.of("PATH", dir.resolve("own-bin").toString(),
                "TOKEN", "t"), null);
        StdioLaunch plan = StdioTransport.plan(spec, dir, Map.of("PATH", dir.resolve("host-bin").toString(), "HOME", "/h",
                "ANTHROPIC_API_KEY", "k"));
        assertEquals(new StdioLaunch(own, List.of("a"), Map.of("PATH", dir.resolve("own-bin").toString(), "HOME", "/h", "TOKEN", "t"), dir),
                plan);
    }

    @Test
    void aCommandWithASlashAndRelativePathEntriesCountFromTheServersDirectory() throws Exception {
        Path cwd = Files.createDirectories(dir.resolve("srv"));
        Path local = program("srv/bin/tool");
        McpServerSpec.Stdio bySlash = new McpServerSpec.Stdio("s", "./bin/tool", List.of(), Map.of(), cwd);
        assertEquals(cwd.resolve("./bin/tool"), StdioTransport.plan(bySlash, dir, Map.of()).program());
        McpServerSpec.Stdio byPath = new McpServerSpec.Stdio("s", "tool", List.of(), Map.of("PATH", "bin"), cwd);
        assertEquals(local, StdioTransport.plan(byPath, dir, Map.of()).program());
    }

    @Test
    void aCommandNotOnThePathIsAnError() {
        McpServerSpec.Stdio spec = new McpServerSpec.Stdio("s", "no-such-tool", List.of(), Map.of(), null);
        IOException e = assertThrows(IOException.class, () -> StdioTransport.plan(spec, dir, Map.of("PATH", dir.toString())));
        assertEquals("\"no-such-tool\" was not found on PATH; install it, or give its full path as \"command\"", e.getMessage());
    }
}
