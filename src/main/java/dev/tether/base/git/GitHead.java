package dev.tether.base.git;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The branch a work tree has checked out, read from its {@code HEAD} file as git writes it, never
 * by running {@code git} (which would run a cloned repository's {@code core.fsmonitor} and filters
 * before the user said anything). Only the session's own project counts: the repository whose
 * work tree is the {@link ProjectRoot}.
 */
public final class GitHead {
    private static final String REF = "ref: ";
    private static final String BRANCHES = "refs/heads/";

    private GitHead() {}

    /**
     * What {@code HEAD} of the project {@code cwd} belongs to names: the branch ({@code main}),
     * {@code detached at <abbreviated commit>}, or empty when the project is no git repository or
     * its {@code HEAD} cannot be read.
     */
    public static Optional<String> of(Path cwd) {
        Path root = ProjectRoot.of(cwd);
        return RepositoryLocator.enclosing(root).stream()
                .filter(repository -> root.equals(repository.workTree()))
                .findFirst()
                .flatMap(repository -> RepositoryLocator.firstLine(repository.gitDir().resolve("HEAD")))
                .map(String::strip)
                .flatMap(GitHead::describe);
    }

    /** Longer names, or names with control characters, are not shown: the file is the repository's, not git's. */
    static final int MAX_NAME = 200;

    private static Optional<String> describe(String head) {
        if (head.length() > MAX_NAME + REF.length() + BRANCHES.length() || head.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return Optional.empty();
        }
        if (head.startsWith(REF)) {
            String ref = head.substring(REF.length()).strip();
            return ref.isEmpty() ? Optional.empty() : Optional.of(ref.startsWith(BRANCHES) ? ref.substring(BRANCHES.length()) : ref);
        }
        if (head.matches("[0-9a-f]{40}([0-9a-f]{24})?")) {
            return Optional.of("detached at " + head.substring(0, 12));
        }
        return Optional.empty();
    }
}
