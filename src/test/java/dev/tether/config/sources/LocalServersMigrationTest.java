package dev.tether.config.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.mcp.McpConfig;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Local servers added before the local scope was keyed by the project root, under the exact
 * directory they were added in: they count for the project, a relative cwd still resolves against
 * that directory, the next edit moves them under the root, and two that declare one name
 * differently are neither merged nor lost.
 */
class LocalServersMigrationTest {
    @TempDir
    Path dir;
    Path repo;
    LocalServers local;

    @BeforeEach
    void setUp() throws Exception {
        repo = Files.createDirectories(dir.resolve("repo")).toRealPath();
        Files.createDirectories(repo.resolve(".git"));
        local = new LocalServers(dir.resolve("state/mcp-local-servers.json"));
        Files.createDirectories(dir.resolve("state"));
    }

    private void stored(String json) throws Exception {
        Files.writeString(local.file(), json);
    }

    private static McpServerSpec.Stdio server(McpConfig.Parsed parsed, String name) {
        return (McpServerSpec.Stdio) parsed.declared().servers().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aServerAddedInASubdirectoryCountsForTheProjectWithItsCwdWhereItWas() throws Exception {
        Path sub = repo.resolve("services/api");
        stored("{\"projects\": {" + Json.write(sub.toString()) + ": {\"mcpServers\": {\"db\": {\"command\": \"db-mcp\", \"cwd\": \"tools\"}}}}}");

        McpConfig.Parsed parsed = local.read(repo);
        assertEquals(List.of(), parsed.warnings());
        assertEquals(sub.resolve("tools"), server(parsed, "db").cwd());
        assertEquals(sub.resolve("tools"), server(local.read(Files.createDirectories(repo.resolve("docs"))), "db").cwd());

        ObjectNode root = local.load();
        LocalServers.servers(root, repo, true).putObject("new").put("command", "new-mcp");
        local.save(root);
        JsonNode projects = Json.parse(Files.readString(local.file())).path("projects");
        assertEquals(List.of(repo.toString()), List.copyOf(projects.propertyNames()), "moved under the root");
        assertEquals(sub.resolve("tools").toString(), projects.path(repo.toString()).path("mcpServers").path("db").path("cwd").asString(),
                "its cwd made absolute where it was");
        assertEquals(sub.resolve("tools"), server(local.read(repo), "db").cwd());
    }

    @Test
    void twoOldDirectoriesWithDifferentServersOfOneNameKeepBothAndUseTheOneNearestTheRoot() throws Exception {
        Path a = repo.resolve("a");
        Path deeper = repo.resolve("a/b/c");
        stored("{\"projects\": {"
                + Json.write(deeper.toString()) + ": {\"mcpServers\": {\"db\": {\"command\": \"deep-db\"}, \"same\": {\"command\": \"s\"}}}, "
                + Json.write(a.toString()) + ": {\"mcpServers\": {\"db\": {\"command\": \"a-db\"}, \"same\": {\"command\": \"s\"},"
                + " \"only-a\": {\"command\": \"x\"}}}}}");

        McpConfig.Parsed parsed = local.read(repo);
        assertEquals("a-db", server(parsed, "db").command());
        assertEquals(List.of("db", "same", "only-a"), parsed.declared().servers().stream().map(McpServerSpec::name).toList());
        assertEquals(1, parsed.warnings().size(), parsed.warnings().toString());
        String warning = parsed.warnings().getFirst().text();
        assertTrue(warning.contains("\"db\" added in " + deeper) && warning.contains("tether mcp remove --scope local db"), warning);

        ObjectNode root = local.load();
        LocalServers.servers(root, deeper, true);
        local.save(root);
        JsonNode projects = Json.parse(Files.readString(local.file())).path("projects");
        assertEquals(Json.parse("{\"db\": {\"command\": \"a-db\"}, \"same\": {\"command\": \"s\"}, \"only-a\": {\"command\": \"x\"}}"),
                projects.path(repo.toString()).path("mcpServers"));
        assertEquals(Json.parse("{\"mcpServers\": {\"db\": {\"command\": \"deep-db\"}}}"), projects.path(deeper.toString()),
                "the other one stays where it was, not lost");
        assertEquals("a-db", server(local.read(deeper), "db").command());
    }
}
