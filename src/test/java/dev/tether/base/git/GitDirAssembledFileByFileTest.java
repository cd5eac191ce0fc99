package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A git directory assembled in an ordinary folder one write at a time, in every order: the write
 * that completes it is protected, and so is every write into it after; the writes before it are
 * not (each is harmless alone). So the payload ({@code config}) never lands in a finished git
 * directory without a question, whichever comes first.
 */
class GitDirAssembledFileByFileTest {
    private static final List<String> STEPS = List.of("config", "HEAD", "objects/pack/.keep", "refs/heads/main");

    @TempDir
    Path ws;

    static Stream<List<String>> everyOrder() {
        List<List<String>> orders = new ArrayList<>();
        permute(new ArrayList<>(STEPS), 0, orders);
        return orders.stream();
    }

    private static void permute(List<String> steps, int from, List<List<String>> out) {
        if (from == steps.size()) {
            out.add(List.copyOf(steps));
            return;
        }
        for (int i = from; i < steps.size(); i++) {
            Collections.swap(steps, from, i);
            permute(steps, from + 1, out);
            Collections.swap(steps, from, i);
        }
    }

    /** HEAD with objects/ and refs/, or HEAD with config: git would take the folder for a repository. */
    private static boolean complete(Set<String> entries) {
        return entries.contains("HEAD") && (entries.contains("config") || (entries.contains("objects") && entries.contains("refs")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyOrder")
    void theWriteThatCompletesAGitDirectoryAndEveryOneAfterAreProtected(List<String> order) throws Exception {
        GitWrites git = new GitWrites(new UserGitConfig(ws, List.of()));
        Path emb = ws.resolve("emb");
        Set<String> entries = new HashSet<>();
        for (String step : order) {
            Path target = emb.resolve(step);
            entries.add(step.split("/")[0]);
            Optional<GitReason> reason = git.check(target, List.of(ws));
            assertEquals(complete(entries), reason.isPresent(), "writing " + step + " after " + entries);
            reason.ifPresent(r -> assertEquals(new GitReason.LooksLikeGitDirectory(emb), r));
            // The user allows it (or it was harmless): the write happens.
            Files.createDirectories(target.getParent());
            Files.writeString(target, step.equals("config") ? "[core]\n\tfsmonitor = touch pwned\n" : "ref: refs/heads/main\n");
        }
        assertTrue(git.check(emb.resolve("objects/info/alternates"), List.of(ws)).isPresent(),
                "every write into the finished one is protected");
    }
}
