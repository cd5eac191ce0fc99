package dev.tether.base.git;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * Why writing a path makes git run something without the user: the path lies in one of the
 * places below. {@link #explain} says it in the user's words, with paths shown as the caller
 * shows them.
 */
public sealed interface GitReason {
    /** The place the written path lies in (or is). */
    Path location();

    /** A sentence for the user; {@code shown} renders each path. */
    String explain(Function<Path, String> shown);

    /** Inside a repository's git directory or common directory: its config, hooks and all. */
    record GitDirectory(Path location) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return "git keeps a repository's configuration and hooks in " + shown.apply(location);
        }
    }

    /** Inside a directory that is, or after this write will be, shaped like a git directory. */
    record LooksLikeGitDirectory(Path location) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return shown.apply(location) + " looks like a git directory (HEAD beside objects/ and refs/, or beside config),"
                    + " so git run inside it reads its configuration";
        }
    }

    /** Inside the directory {@code core.hooksPath} names. */
    record HooksDirectory(Path location, Path setIn) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return "git runs hooks from " + shown.apply(location) + " (core.hooksPath in " + shown.apply(setIn) + ")";
        }
    }

    /** Inside the parent of a husky hooks directory ({@code core.hooksPath} ending in {@code _}), whose stubs run the scripts here. */
    record HuskyScripts(Path location, Path hooksDirectory, Path setIn) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return "the hooks in " + shown.apply(hooksDirectory) + " (core.hooksPath in " + shown.apply(setIn)
                    + ") run the scripts in " + shown.apply(location);
        }
    }

    /** A program or script a command setting names by path ({@code filter.<driver>.clean = ./tools/clean.sh}). */
    record Program(Path location, String setting, Path setIn) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return "git runs " + shown.apply(location) + " (" + setting + " in " + shown.apply(setIn) + ")";
        }
    }

    /** A file pulled in by {@code include.path} or {@code includeIf.<condition>.path}. */
    record Included(Path location, Path by) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return "git reads it as configuration, included by " + shown.apply(by);
        }
    }

    /** One of the user's global or system configuration files. */
    record UserConfig(Path location) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return "git reads it as the user's own configuration";
        }
    }

    /**
     * A configuration that applies to the written path (its repository's, the workspace's or the
     * user's own) and could not be read within bounds; {@code location} is where reading stopped.
     */
    record Unjudged(Path location, String why) implements GitReason {
        @Override
        public String explain(Function<Path, String> shown) {
            return "git's configuration cannot be judged (" + shown.apply(location) + ": " + why
                    + "), so every write it could affect counts as a command";
        }
    }
}
