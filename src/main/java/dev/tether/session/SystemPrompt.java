package dev.tether.session;

import dev.tether.tools.SessionMode;
import dev.tether.tools.Workspace;

/**
 * The session's system prompt ({@link dev.tether.context.SystemPrompt}): the versioned template
 * with the workspace's environment, then — only for servers the user set {@code "instructions": true}
 * for — those servers' instructions, and the project's instructions from files, each labelled.
 */
final class SystemPrompt {
    private SystemPrompt() {}

    static String build(Workspace workspace, SessionMode mode) {
        return build(workspace, mode, "", "");
    }

    /** @param serverInstructions the labelled blocks of the opted-in servers, or "" */
    static String build(Workspace workspace, SessionMode mode, String serverInstructions) {
        return build(workspace, mode, serverInstructions, "");
    }

    /** @param projectInstructions the labelled instruction files, or "" */
    static String build(Workspace workspace, SessionMode mode, String serverInstructions, String projectInstructions) {
        return dev.tether.context.SystemPrompt.build(dev.tether.context.SystemPrompt.Environment.of(workspace), mode,
                serverInstructions, projectInstructions);
    }
}
