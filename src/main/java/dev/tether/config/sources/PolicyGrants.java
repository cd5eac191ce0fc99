package dev.tether.config.sources;

import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.McpConfig;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.transport.VariableExpansion;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which server takes the user's policy for a name. A name carries no trust: what an entry grants
 * (see {@link McpServerPolicy#restrictions()}) goes only to the server the entry was written for.
 * <ul>
 * <li>a server from the user's own sources (the config file, the local scope, {@code --mcp-config},
 *     the managed settings) takes its name's whole policy;</li>
 * <li>a server from a workspace {@code .mcp.json} never does, whatever its name: only the
 *     restrictions apply;</li>
 * <li>an editor's server takes it when it runs what the entry names: the entry's own
 *     {@code command}/{@code url} when the entry declares one, else, for a policy-only entry, the
 *     first server the editor ever named under that name ({@link PolicyBindings}).</li>
 * </ul>
 */
public final class PolicyGrants {
    /** Whether a server takes its name's whole policy; when not, {@code why} says so to the user. */
    public record Verdict(boolean whole, String why) {
        static final Verdict WHOLE = new Verdict(true, null);
    }

    private final Map<String, McpServerPolicy> policies;
    private final Map<String, McpServerSpec> declared;
    private final PolicyBindings bindings;
    private final Map<String, String> env;

    /**
     * @param declared the user's own server declarations with their policies (config file,
     *                 {@code --mcp-config}, managed settings)
     * @param env      what {@code ${VAR}} in the user's declarations expands to (without secret values)
     */
    public PolicyGrants(McpConfig.Declared declared, PolicyBindings bindings, Map<String, String> env) {
        this.policies = declared.policies();
        Map<String, McpServerSpec> byName = new HashMap<>();
        declared.servers().forEach(s -> byName.put(s.name(), s));
        this.declared = Map.copyOf(byName);
        this.bindings = bindings;
        this.env = Map.copyOf(env);
    }

    /** The grants of {@code mcp}'s declarations, bound in {@code paths}' state directory. */
    public static PolicyGrants of(McpSettings mcp, TetherPaths paths, Map<String, String> env) {
        return new PolicyGrants(mcp.declared(), PolicyBindings.in(paths), env);
    }

    /**
     * The policies for a session running {@code servers}: each name's whole policy where the
     * server of that name takes it, else only its restrictions (also for a name no server runs yet,
     * which only an approved workspace server can take later). Reads the bindings, never writes them.
     */
    public Map<String, McpServerPolicy> forSession(List<McpServerSpec> servers) {
        Map<String, McpServerSpec> running = new HashMap<>();
        servers.forEach(s -> running.put(s.name(), s));
        Map<String, McpServerPolicy> out = new LinkedHashMap<>();
        policies.forEach((name, policy) -> {
            McpServerSpec spec = running.get(name);
            out.put(name, spec != null && check(spec, false).whole() ? policy : policy.restrictions());
        });
        return out;
    }

    /**
     * Whether {@code spec} takes its name's whole policy, binding a policy-only entry to it when it
     * is the first editor's server seen under that name, and remembering it as refused when it is not.
     */
    public Verdict settle(McpServerSpec spec) {
        return check(spec, true);
    }

    /**
     * Whether {@code spec} is the user's own server: declared in their sources, or an editor's
     * server that runs what their entry for the name names (its command or url, or the server the
     * policy-only entry is bound to). Reads the bindings, never writes them.
     */
    public boolean isUsers(McpServerSpec spec) {
        return switch (spec.origin()) {
            case USER_CONFIG -> true;
            case WORKSPACE -> false;
            case EDITOR -> {
                McpServerSpec own = declared.get(spec.name());
                String identity = PolicyBindings.identity(spec).key();
                if (own != null) {
                    yield identity.equals(PolicyBindings.identity(own).key())
                            || identity.equals(PolicyBindings.identity(VariableExpansion.expand(own, env).spec()).key());
                }
                if (!policies.containsKey(spec.name())) {
                    yield false;
                }
                try {
                    yield bindings.binding(spec.name()).map(b -> b.identity().key().equals(identity)).orElse(false);
                } catch (PolicyBindings.StoreException e) {
                    yield false;
                }
            }
        };
    }

    private Verdict check(McpServerSpec spec, boolean record) {
        McpServerPolicy policy = policies.get(spec.name());
        List<String> granted = policy == null ? List.of() : policy.grantedKeys();
        if (granted.isEmpty()) {
            return Verdict.WHOLE;
        }
        String what = String.join(", ", granted) + " from your entry for \"" + spec.name() + "\"";
        return switch (spec.origin()) {
            case USER_CONFIG -> Verdict.WHOLE;
            case WORKSPACE -> new Verdict(false, "MCP server \"" + spec.name() + "\" from a project .mcp.json does not get " + what
                    + ": a project's server never takes what your entry grants (its allowTools, denyTools and timeouts still apply)."
                    + " To grant them, declare the server in your config file with its command or url.");
            case EDITOR -> editor(spec, what, record);
        };
    }

    private Verdict editor(McpServerSpec spec, String what, boolean record) {
        PolicyBindings.Identity identity = PolicyBindings.identity(spec);
        McpServerSpec own = declared.get(spec.name());
        if (own != null) {
            PolicyBindings.Identity written = PolicyBindings.identity(own);
            PolicyBindings.Identity expanded = PolicyBindings.identity(VariableExpansion.expand(own, env).spec());
            if (identity.key().equals(written.key()) || identity.key().equals(expanded.key())) {
                return Verdict.WHOLE;
            }
            return new Verdict(false, "The editor's MCP server \"" + spec.name() + "\" does not get " + what
                    + ": it is not the server your entry declares. If it is yours, put its command or url in the entry."
                    + " Entry's server: " + shown(written) + "; the editor's: " + shown(identity) + ".");
        }
        try {
            Optional<PolicyBindings.Binding> bound = bindings.binding(spec.name());
            if (bound.isEmpty()) {
                if (record) {
                    bindFirst(spec.name(), identity);
                }
                return Verdict.WHOLE;
            }
            if (bound.get().identity().key().equals(identity.key())) {
                return Verdict.WHOLE;
            }
            if (record) {
                bindings.refused(spec.name(), identity);
            }
            return new Verdict(false, "The editor's MCP server \"" + spec.name() + "\" does not get " + what
                    + ": it is not the server the entry belongs to (first seen " + bound.get().at().truncatedTo(ChronoUnit.SECONDS)
                    + "). If it is yours, run `tether mcp rebind " + spec.name() + "` and start a new session, or put its command or"
                    + " url in the entry. Entry's server: " + shown(bound.get().identity()) + "; this one: " + shown(identity) + ".");
        } catch (PolicyBindings.StoreException e) {
            return new Verdict(false, "The editor's MCP server \"" + spec.name() + "\" does not get " + what
                    + ": which server that entry belongs to cannot be checked: " + e.getMessage());
        }
    }

    /**
     * The first server seen binds the name. One whose binding cannot be written still takes the
     * policy in this session (as {@link #forSession} decides it too, finding no binding); the next
     * session tries again.
     */
    private void bindFirst(String server, PolicyBindings.Identity identity) {
        try {
            bindings.bindFirst(server, identity);
        } catch (PolicyBindings.StoreException e) {
            org.slf4j.LoggerFactory.getLogger(PolicyGrants.class).warn("cannot remember which server {} is: {}", server, e.getMessage());
        }
    }

    /** An identity as a notice shows it (bounded; the session masks credentials in every notice). */
    private static String shown(PolicyBindings.Identity identity) {
        return "`" + identity.shown() + "`";
    }
}
