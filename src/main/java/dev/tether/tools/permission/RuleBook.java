package dev.tether.tools.permission;

import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleSet;
import java.util.List;

/**
 * A session's permission rules ({@code permissions.allow/ask/deny} of the managed settings, the
 * user's config, the local scope and the project's approved settings) and the local scope, where
 * an "Always allow" is written. Read on every call, so a rule written or removed elsewhere
 * counts at the next call.
 */
public interface RuleBook {
    /** No rules, and nothing kept beyond the session (tests, tools that never persist). */
    RuleBook NONE = new RuleBook() {
        @Override
        public RuleSet rules() {
            return RuleSet.NONE;
        }

        @Override
        public String remember(PermissionRule rule) throws NotKept {
            throw new NotKept("answers are kept for this session only here");
        }

        @Override
        public boolean keeps() {
            return false;
        }
    };

    /** The rules in force now. */
    RuleSet rules();

    /**
     * Writes an "Always allow" answer as a rule of the local scope (the user's, for this project).
     *
     * @return where it was written, for the user
     * @throws NotKept when it cannot be written (it still holds for the session)
     */
    String remember(PermissionRule rule) throws NotKept;

    /** Whether answers outlive the session (there is a local scope to write to). */
    default boolean keeps() {
        return true;
    }

    /** Whether "Always allow" may be offered at all (not where the administrator lets only the managed settings allow). */
    default boolean offersAlwaysAllow() {
        return true;
    }

    /** What the user should fix about the rules in force, each naming its file. */
    default List<String> warnings() {
        return List.of();
    }

    /** The project's allow rules waiting for the user's approval, or null when none are. */
    default Pending pending() {
        return null;
    }

    /** A project's allow rules the user has not answered for yet: the file, the rules as written, and how to answer. */
    interface Pending {
        String file();

        List<String> rules();

        /**
         * Remembers the user's answer for the project; the rules count (or stay ignored) from the next call on.
         *
         * @throws NotKept when the answer cannot be written (it then holds for this session only)
         */
        void answer(boolean approved) throws NotKept;
    }

    /** An answer could not be written; the message says why, for the log. */
    final class NotKept extends Exception {
        public NotKept(String message) {
            super(message, null, false, false);
        }
    }
}
