package dev.tether.session.servers;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.tools.rules.ServerBinding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which MCP servers a session gets, decided outside the session (configuration files, the
 * managed policy, the user's earlier answers); built by the composition root.
 */
public interface McpServerSources {

    /** The servers of a session in {@code cwd}, given the editor's. */
    Lineup lineup(Path cwd, List<McpServerSpec> editorServers);

    /**
     * Remembers the user's answer about a workspace server for its project.
     *
     * @throws McpLauncher.CommandFailure the answer could not be stored (it still holds for this session)
     */
    default void remember(Approval approval, String server, boolean allowed) throws McpLauncher.CommandFailure {
        throw new McpLauncher.CommandFailure("answers are not remembered here");
    }

    /**
     * @param start    the servers to start now
     * @param held     the servers that are not started, with why
     * @param warnings what the user should fix in their sources (each names the file and the entry)
     * @param bindings who each server is (its identity and whose it is), by name, for permission rules
     */
    record Lineup(List<McpServerSpec> start, List<Held> held, List<String> warnings, Map<String, ServerBinding> bindings) {
        public static final Lineup NONE = new Lineup(List.of(), List.of(), List.of());

        public Lineup {
            start = List.copyOf(start);
            held = List.copyOf(held);
            warnings = List.copyOf(warnings);
            bindings = Map.copyOf(bindings);
        }

        /** A lineup whose servers nobody vouches for: rules naming them reach them only when pinned. */
        public Lineup(List<McpServerSpec> start, List<Held> held, List<String> warnings) {
            this(start, held, warnings, Map.of());
        }

        /** Who the server of this name is, for the permission rules that name it. */
        public ServerBinding binding(String server) {
            return bindings.getOrDefault(server, ServerBinding.UNKNOWN);
        }
    }

    /**
     * A server that is not started.
     *
     * @param spec     what it would run (null when the entry declares nothing)
     * @param state    {@code disabled}, {@code blocked}, {@code rejected} or {@code needs_approval}
     * @param why      why, and how to change it, for the user
     * @param approval for {@code needs_approval}: what the user is asked to approve
     */
    record Held(String name, McpServerSpec spec, String state, String why, Approval approval) {
        public static final String NEEDS_APPROVAL = "needs_approval";
        public static final String REJECTED = "rejected";
    }

    /** A workspace server awaiting the user's approval: the file that declares it, and what an approval covers. */
    record Approval(Path project, String file, String fingerprint) {}

    /** The editor's servers followed by {@code extra} (a later one wins); only {@code extra} when {@code strict}. */
    static McpServerSources fixed(List<McpServerSpec> extra, boolean strict) {
        return (cwd, editorServers) -> {
            Map<String, McpServerSpec> byName = new LinkedHashMap<>();
            List<McpServerSpec> ordered = new ArrayList<>(strict ? List.of() : editorServers);
            ordered.addAll(extra);
            for (McpServerSpec spec : ordered) {
                byName.remove(spec.name());
                byName.put(spec.name(), spec);
            }
            return new Lineup(List.copyOf(byName.values()), List.of(), List.of());
        };
    }
}
