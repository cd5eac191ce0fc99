package dev.tether.session.servers;

import dev.tether.base.Cancellation;
import dev.tether.http.status.StatusView;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.skills.McpSkill;
import dev.tether.model.ModelMessage;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Starts the MCP runtime of one session: the composition root implements it (building the
 * runtime from its settings and returning a {@link RuntimeServers}), and {@link SessionServers}
 * launches through it. The seam keeps the session testable without processes.
 */
public interface McpLauncher {

    /**
     * Starts connecting to {@code servers} in the background and returns at once.
     *
     * @param artifactDir the session-private directory for results too big to keep inline
     * @param host        the session's side of elicitation, sampling, roots and notices
     */
    Servers start(List<McpServerSpec> servers, Path cwd, Path artifactDir, McpHost host, Listener listener);

    /**
     * Readies what must be in place before a session's servers start or its first model request
     * runs (the process's hardening). Called by the session's launch, in the background, right
     * before {@link #start}; every model request waits for that launch at the catalog barrier.
     */
    default void beforeSession() {}

    /** A session's connected (or connecting) MCP servers. */
    interface Servers extends AutoCloseable {
        /** The catalog barrier: waits (bounded) for servers still starting, returns the projected tools. */
        List<Tool> awaitTools(Cancellation cancellation);

        /**
         * The instructions of the ready servers the user lets instruct the model ({@code "instructions": true}),
         * each labelled as that server's untrusted text and bounded; "" when there are none.
         */
        default String instructions() {
            return "";
        }

        /** The prompts of every ready server, for slash commands. */
        default List<PromptCommand> prompts() {
            return List.of();
        }

        /**
         * The messages of a prompt. Arguments are checked before any request is sent.
         *
         * @throws CommandFailure unknown prompt or argument, a missing required argument, or the server's error
         */
        default List<ModelMessage> getPrompt(String server, String prompt, Map<String, String> arguments,
                                             Cancellation cancellation) throws CommandFailure {
            throw new CommandFailure("unknown prompt " + server + ":" + prompt);
        }

        /** The skills every ready server offers (the MCP Skills extension): their entries only, no file read. */
        default List<McpSkill> skills() {
            return List.of();
        }

        /**
         * Loads a server's skill: reads its {@code SKILL.md} now and verifies it against the entry.
         *
         * @throws CommandFailure the skill is gone, failed verification (nothing of it is used), or the read failed
         */
        default McpSkill.Loaded loadSkill(McpSkill skill, Cancellation cancellation) throws CommandFailure {
            throw new CommandFailure("no MCP server offers skill " + skill.key());
        }

        /**
         * One file of a loaded skill, by its path in the skill, verified against the entry it was loaded under.
         *
         * @throws CommandFailure not a file of the skill, failed verification, or the read failed
         */
        default String readSkillFile(McpSkill held, String path, Cancellation cancellation) throws CommandFailure {
            throw new CommandFailure("no MCP server offers skill " + held.key());
        }

        /** One line of facts per server, for {@code /mcp}. */
        default List<ServerSummary> status() {
            return List.of();
        }

        /**
         * Every server as the status page shows it, without waiting for anything; {@code deferred}
         * says whether the session's last model request left a tool out (by the name the model
         * knows it by).
         */
        default List<StatusView.Server> inspect(Predicate<String> deferred) {
            return List.of();
        }

        /** The session's MCP tasks that have not ended, for the status page. */
        default List<StatusView.Task> tasks() {
            return List.of();
        }

        /**
         * Reconnects a server (also one that failed) and waits, bounded, for the outcome: the
         * server's summary once it is ready or failed, or while it is still connecting when the
         * wait ran out or {@code cancellation} fired. Throws CommandFailure for an unknown name.
         */
        default ServerSummary reconnect(String server, Cancellation cancellation) throws CommandFailure {
            throw new CommandFailure("unknown server " + server);
        }

        /** Fetches a server's catalogs again and reports the error if that fails. */
        default void refresh(String server, Cancellation cancellation) throws CommandFailure {
            throw new CommandFailure("unknown server " + server);
        }

        /** Recent log messages and the stderr excerpt of a server. */
        default String logs(String server) throws CommandFailure {
            throw new CommandFailure("unknown server " + server);
        }

        /**
         * Starts one more server (one the user approved after the session started); false when a
         * server of that name is already here.
         */
        default boolean add(McpServerSpec spec) {
            return false;
        }

        /** Lines for the user under {@code /mcp}'s table: what is wrong with the configuration. */
        default List<String> notes() {
            return List.of();
        }

        /** Ends every server process and connection. */
        @Override
        void close();
    }

    /** What the session tells the user about its servers. */
    interface Listener {
        void serverFailed(String server, String reason);

        /** The server refused Tether until the user signs in (MCP authorization); a failure unless told apart. */
        default void serverNeedsSignIn(String server, String reason) {
            serverFailed(server, reason);
        }

        /**
         * A server that is not given roots said it needs them ({@code said}: its words, sanitised,
         * redacted and cut). Ignored by default.
         */
        default void serverNeedsRoots(String server, String said) {}

        /** Something about a server's configuration the user should fix (it still starts). */
        default void warn(String server, String message) {}

        void toolsChanged();
    }

    /** A server's prompt as a slash command can offer it. */
    record PromptCommand(String server, String name, String description, List<Argument> arguments) {
        public PromptCommand {
            arguments = List.copyOf(arguments);
        }

        public record Argument(String name, String description, boolean required) {}
    }

    /**
     * A server's state for the user: counts, transport, the MCP revision it speaks ({@code protocol},
     * null until one is agreed), the last error (redacted) or null, whether it is given roots
     * ({@code roots}: "yes", "no", or null for a server that is not started) and what it said that
     * shows it needs roots it is not given ({@code rootsNeeded}; see {@link RootsHint}), or null.
     */
    record ServerSummary(String name, String state, String transport, int tools, int resources, int prompts, String protocol,
                         String lastError, String roots, String rootsNeeded) {
        /** A server that is not started, so that neither roots nor their need are known. */
        public ServerSummary(String name, String state, String transport, int tools, int resources, int prompts, String protocol,
                             String lastError) {
            this(name, state, transport, tools, resources, prompts, protocol, lastError, null, null);
        }

        /** A server that has not agreed on an MCP revision (yet). */
        public ServerSummary(String name, String state, String transport, int tools, int resources, int prompts, String lastError) {
            this(name, state, transport, tools, resources, prompts, null, lastError);
        }
    }

    /** A command about MCP servers that could not be done; the message is for the user. */
    final class CommandFailure extends Exception {
        public CommandFailure(String message) {
            super(message, null, false, false);
        }
    }
}
