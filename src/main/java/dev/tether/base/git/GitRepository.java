package dev.tether.base.git;

import java.nio.file.Path;

/**
 * A repository as git finds it from a directory inside it.
 *
 * @param gitDir    the repository's own git directory ({@code .git}, what a {@code gitdir:} file
 *                  names, or a bare repository's directory)
 * @param commonDir where its configuration, objects and refs live: what {@code gitDir/commondir}
 *                  names for a linked worktree, else {@code gitDir}
 * @param workTree  the directory that holds the {@code .git} that led here, or null for a
 *                  directory that is itself a git directory (bare); {@code core.worktree} may
 *                  name another one
 */
record GitRepository(Path gitDir, Path commonDir, Path workTree) {
    /** The configuration files git reads for it, in order (which exist is for the reader to find). */
    java.util.List<Path> configFiles() {
        return java.util.List.of(commonDir.resolve("config"), gitDir.resolve("config.worktree"));
    }
}
