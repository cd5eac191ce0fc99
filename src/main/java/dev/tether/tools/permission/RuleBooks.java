package dev.tether.tools.permission;

import java.nio.file.Path;

/** Opens the {@link RuleBook} of a session in a directory (its project's rules and local scope). */
@FunctionalInterface
public interface RuleBooks {
    /** No permission rules anywhere. */
    RuleBooks NONE = cwd -> RuleBook.NONE;

    RuleBook open(Path cwd);
}
