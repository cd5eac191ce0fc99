package dev.tether.config.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which {@code .mcp.json} files a directory's session reads: from its project root down, and only the user's own. */
class WorkspaceMcpFilesTest {
    @TempDir
    Path dir;

    private static final String SERVER = "{\"mcpServers\": {\"s\": {\"command\": \"x\"}}}";

    @Test
    void fromTheRepositoryRootDownToTheDirectoryRootFirst() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("above/repo")).toRealPath();
        Files.createDirectories(repo.resolve(".git"));
        Path cwd = Files.createDirectories(repo.resolve("a/b"));
        for (Path d : List.of(dir.resolve("above"), repo, repo.resolve("a"), cwd)) {
            Files.writeString(d.resolve(".mcp.json"), SERVER);
        }
        assertEquals(List.of(repo.resolve(".mcp.json"), repo.resolve("a/.mcp.json"), cwd.resolve(".mcp.json")),
                WorkspaceMcpFiles.from(cwd).stream().map(WorkspaceMcpFiles.File::path).toList());
    }

    @Test
    void outsideAnyRepositoryOnlyTheDirectorysOwnFile() throws Exception {
        Path shared = Files.createDirectories(dir.resolve("tmp")).toRealPath();
        Path cwd = Files.createDirectories(shared.resolve("x"));
        Files.writeString(shared.resolve(".mcp.json"), SERVER);
        assertEquals(List.of(), WorkspaceMcpFiles.from(cwd));
        Files.writeString(cwd.resolve(".mcp.json"), SERVER);
        assertEquals(List.of(cwd.resolve(".mcp.json")), WorkspaceMcpFiles.from(cwd).stream().map(WorkspaceMcpFiles.File::path).toList());
    }

    /** Needs root to give a file away (CI and the development machines run as root). */
    @Test
    void aFileThatBelongsToAnotherUserIsSkippedWithAWarning() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can make a file another user's");
        Path cwd = Files.createDirectories(dir.resolve("x")).toRealPath();
        Path file = Files.writeString(cwd.resolve(".mcp.json"), SERVER);
        UserPrincipal nobody = file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(file, nobody);

        List<WorkspaceMcpFiles.File> files = WorkspaceMcpFiles.from(cwd);
        assertEquals(1, files.size());
        assertEquals(List.of(), files.getFirst().parsed().declared().servers());
        String warning = files.getFirst().parsed().warnings().getFirst().text();
        assertTrue(warning.equals(file + " belongs to nobody, not to you; ignoring it"), warning);
    }
}
