package dev.tether.config.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Answers stored before approvals were keyed by the project root, under the exact directory a
 * session ran in: they still hold for the project that directory belongs to, none is lost when the
 * file is next written, and where two such directories answered differently the stricter answer
 * holds.
 */
class ProjectChoicesMigrationTest {
    @TempDir
    Path dir;
    Path repo;
    Path store;
    ProjectChoices choices;

    @BeforeEach
    void setUp() throws Exception {
        repo = Files.createDirectories(dir.resolve("repo")).toRealPath();
        Files.createDirectories(repo.resolve(".git"));
        store = dir.resolve("state/mcp-project-choices.json");
        Files.createDirectories(store.getParent());
        choices = new ProjectChoices(store);
    }

    /** Writes the store as Tether wrote it before: one entry per session directory, one fingerprint per approval. */
    private void stored(String... keyAndServers) throws Exception {
        StringBuilder projects = new StringBuilder();
        for (int i = 0; i < keyAndServers.length; i += 2) {
            projects.append(i == 0 ? "" : ", ").append(Json.write(keyAndServers[i])).append(": ").append(keyAndServers[i + 1]);
        }
        Files.writeString(store, "{\"projects\": {" + projects + "}}");
    }

    private static String allow(String fingerprint) {
        return "{\"decision\": \"allow\", \"fingerprint\": \"" + fingerprint + "\", \"at\": \"2026-01-01T00:00:00Z\"}";
    }

    private static final String REJECT = "{\"decision\": \"reject\", \"at\": \"2026-01-02T00:00:00Z\"}";

    @Test
    void anApprovalStoredForASubdirectoryHoldsForTheWholeProjectAndSurvivesTheNextWrite() throws Exception {
        Path sub = Files.createDirectories(repo.resolve("src/app"));
        stored(sub.toString(), "{\"orders\": " + allow("sha256:a") + "}");

        for (Path cwd : List.of(repo, sub, Files.createDirectories(repo.resolve("docs")))) {
            assertTrue(choices.choice(cwd, "orders").orElseThrow().allows("sha256:a"), "from " + cwd);
            assertFalse(choices.choice(cwd, "orders").orElseThrow().allows("sha256:b"), "only for what was approved");
        }

        choices.record(repo.resolve("docs"), "notes", ProjectChoices.Decision.REJECT, null);
        JsonNode projects = Json.parse(Files.readString(store)).path("projects");
        assertEquals(List.of(repo.toString()), List.copyOf(projects.propertyNames()), "moved under the root");
        assertEquals(List.of("sha256:a"), projects.path(repo.toString()).path("orders").path("fingerprints").valueStream()
                .map(JsonNode::asString).toList());
        assertEquals("reject", projects.path(repo.toString()).path("notes").path("decision").asString());
        assertTrue(choices.choice(sub, "orders").orElseThrow().allows("sha256:a"), "not lost");
    }

    @Test
    void twoOldDirectoriesThatDisagreeKeepTheRejection() throws Exception {
        stored(repo.resolve("a").toString(), "{\"orders\": " + allow("sha256:a") + "}",
                repo.resolve("b").toString(), "{\"orders\": " + REJECT + "}");
        ProjectChoices.Choice merged = choices.choice(repo, "orders").orElseThrow();
        assertEquals(ProjectChoices.Decision.REJECT, merged.decision());
        assertFalse(merged.allows("sha256:a"));

        choices.record(repo, "other", ProjectChoices.Decision.ALLOW, "sha256:o");
        assertEquals(ProjectChoices.Decision.REJECT, choices.choice(repo.resolve("a"), "orders").orElseThrow().decision(),
                "still rejected after the rewrite");
    }

    @Test
    void twoOldApprovalsOfDifferentEntriesEachHoldOnlyForTheirOwnEntry() throws Exception {
        stored(repo.toString(), "{\"orders\": " + allow("sha256:root") + "}",
                repo.resolve("a").toString(), "{\"orders\": " + allow("sha256:a") + "}");
        ProjectChoices.Choice merged = choices.choice(repo.resolve("a"), "orders").orElseThrow();
        assertTrue(merged.allows("sha256:root"));
        assertTrue(merged.allows("sha256:a"));
        assertFalse(merged.allows("sha256:changed"), "an entry nobody approved is asked about");
    }

    @Test
    void aRejectionAfterApprovalsReplacesThemAndAnApprovalAfterARejectionHoldsOnlyForItsEntry() throws Exception {
        choices.record(repo, "orders", ProjectChoices.Decision.ALLOW, "sha256:1");
        choices.record(repo, "orders", ProjectChoices.Decision.ALLOW, "sha256:2");
        assertTrue(choices.choice(repo, "orders").orElseThrow().allows("sha256:1"), "both approved versions hold");
        choices.record(repo, "orders", ProjectChoices.Decision.REJECT, null);
        choices.record(repo, "orders", ProjectChoices.Decision.ALLOW, "sha256:3");
        ProjectChoices.Choice now = choices.choice(repo, "orders").orElseThrow();
        assertFalse(now.allows("sha256:1"));
        assertFalse(now.allows("sha256:2"));
        assertTrue(now.allows("sha256:3"));
    }

    @Test
    void aNestedRepositoryAndAParentOutsideAnyRepositoryAreOtherProjects() throws Exception {
        Path nested = Files.createDirectories(repo.resolve("vendor/lib"));
        Files.createDirectories(nested.resolve(".git"));
        Path shared = Files.createDirectories(dir.resolve("shared")).toRealPath();
        Path child = Files.createDirectories(shared.resolve("x"));
        stored(nested.resolve("src").toString(), "{\"orders\": " + allow("sha256:nested") + "}",
                shared.toString(), "{\"orders\": " + allow("sha256:shared") + "}");

        assertTrue(choices.choice(repo, "orders").isEmpty(), "the nested repository's answer is not the outer one's");
        assertTrue(choices.choice(nested, "orders").orElseThrow().allows("sha256:nested"));
        assertTrue(choices.choice(child, "orders").isEmpty(), "an answer for a parent directory is not a child directory's");

        choices.reset(repo);
        assertTrue(choices.choice(nested, "orders").isPresent(), "resetting the outer project leaves the nested one's");
    }
}
