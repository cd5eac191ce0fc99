package dev.tether.config.sources;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import dev.tether.config.mcp.ReservedNames;
import dev.tether.config.policy.LaunchContext;
import dev.tether.config.policy.ManagedPolicy;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.transport.VariableExpansion;
import dev.tether.tools.rules.ServerBinding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which MCP servers a session gets, and why the others do not run. Sources, later wins by server
 * name: the workspace {@code .mcp.json} files (from the project root down to the session's
 * directory, never above the root: {@link WorkspaceMcpFiles}) → the user's config file → the
 * user's local servers for this project ({@link LocalServers}) → the
 * editor's {@code mcpServers} → {@code --mcp-config} → the managed
 * settings' own servers. {@code --strict-mcp-config} keeps only the command line; the managed
 * {@code exclusiveMcpServers} keeps only the managed servers. Then: reserved names are refused,
 * {@code "disabled": true} entries are listed as disabled, the managed policy blocks what it
 * denies, and workspace servers wait for the user's approval for the project. A server that does
 * not take what the user's entry for its name grants ({@link PolicyGrants}) is a warning naming
 * the entry, why, and how to bind it.
 */
public final class McpSources {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(McpSources.class);
    }

    /** What becomes of one server. */
    public enum Status { START, DISABLED, BLOCKED, NEEDS_APPROVAL, REJECTED }

    /**
     * One server of a session.
     *
     * @param spec        the declaration (null for a {@code "disabled": true} entry that declares nothing)
     * @param file        the file that declared it, or null (the editor, inline JSON)
     * @param why         for anything but {@link Status#START}: why, and how to change it
     * @param fingerprint what an approval of a workspace server covers ({@link ServerFingerprint})
     */
    public record Entry(String name, McpServerSpec spec, McpSource source, String file, Status status, String why,
                        String fingerprint) {
        Entry with(Status newStatus, String newWhy) {
            return new Entry(name, spec, source, file, newStatus, newWhy, fingerprint);
        }
    }

    /** A session's servers in order, and every warning about its sources. */
    public record Resolution(List<Entry> entries, List<ConfigWarning> warnings) {
        public Resolution {
            entries = List.copyOf(entries);
            warnings = List.copyOf(warnings);
        }

        public List<McpServerSpec> started() {
            return entries.stream().filter(e -> e.status() == Status.START).map(Entry::spec).toList();
        }
    }

    private final McpSettings settings;
    private final ProjectChoices choices;
    private final LocalServers local;
    private final PolicyGrants grants;
    private final Map<String, String> env;

    /**
     * @param env the environment servers are expanded against (without secret values): the
     *            managed policy looks at commands and URLs as they would run
     */
    public McpSources(McpSettings settings, ProjectChoices choices, LocalServers local, Map<String, String> env) {
        this.settings = settings;
        this.choices = choices;
        this.local = local;
        this.env = Map.copyOf(env);
        this.grants = new PolicyGrants(settings.declared(), new PolicyBindings(choices.file().resolveSibling(PolicyBindings.FILE_NAME)),
                this.env);
    }

    /** With the local servers and the policy bindings kept next to {@code choices}, in Tether's state directory. */
    public McpSources(McpSettings settings, ProjectChoices choices, Map<String, String> env) {
        this(settings, choices, new LocalServers(choices.file().resolveSibling(LocalServers.FILE_NAME)), env);
    }

    public ProjectChoices choices() {
        return choices;
    }

    /** The servers of a session in {@code cwd} with the editor's {@code editorServers}. */
    public Resolution resolve(Path cwd, List<McpServerSpec> editorServers) {
        List<ConfigWarning> warnings = new ArrayList<>(settings.warnings());
        Map<String, Entry> byName = new LinkedHashMap<>();
        ManagedPolicy managed = settings.managed();
        if (!managed.exclusive()) {
            if (!settings.strict()) {
                for (WorkspaceMcpFiles.File file : WorkspaceMcpFiles.from(cwd)) {
                    warnings.addAll(file.parsed().warnings());
                    layer(byName, file.parsed().declared(), McpSource.WORKSPACE, file.path().toString());
                }
                layer(byName, settings.userServers(), McpSource.USER_CONFIG, settings.userConfigFile());
                McpConfig.Parsed own = local.read(cwd);
                warnings.addAll(own.warnings());
                layer(byName, own.declared(), McpSource.LOCAL, local.file().toString());
                layer(byName, new McpConfig.Declared(editorServers, Map.of()), McpSource.EDITOR, null);
            }
            layer(byName, settings.commandLine(), McpSource.COMMAND_LINE, "--mcp-config");
        }
        if (managed.exclusive() || !settings.strict()) {
            layer(byName, managed.servers(), McpSource.MANAGED, managed.file() == null ? null : managed.file().toString());
        }
        // The user's own "disabled": true holds whichever source declares the name (the editor's too).
        userDisabled(byName, settings.userServers(), settings.userConfigFile());
        userDisabled(byName, settings.commandLine(), "--mcp-config");
        List<Entry> entries = new ArrayList<>();
        for (Entry entry : byName.values()) {
            String reserved = ReservedNames.why(entry.name());
            if (reserved != null) {
                warnings.add(ConfigWarning.of(entry.file() == null ? entry.source().label() : entry.file(), entry.name(),
                        "MCP server from " + where(entry) + " refused: " + reserved));
                continue;
            }
            Entry decided = entry.status() == Status.START ? decide(entry, cwd) : entry;
            entries.add(decided);
            withheld(decided).ifPresent(why -> warnings.add(ConfigWarning.of(where(decided), decided.name(), why)));
        }
        for (ConfigWarning warning : warnings.subList(settings.warnings().size(), warnings.size())) {
            log().warn("{}", warning.text());
        }
        return new Resolution(entries, warnings);
    }

    private static void layer(Map<String, Entry> byName, McpConfig.Declared declared, McpSource source, String file) {
        for (McpServerSpec spec : declared.servers()) {
            byName.remove(spec.name());
            byName.put(spec.name(), new Entry(spec.name(), spec, source, file, Status.START, null,
                    source == McpSource.WORKSPACE ? ServerFingerprint.of(spec) : null));
        }
        for (String name : declared.disabled()) {
            Entry before = byName.remove(name);
            byName.put(name, new Entry(name, before == null ? null : before.spec(), source, file, Status.DISABLED,
                    "disabled (\"disabled\": true in " + (file == null ? source.label() : file) + ")", null));
        }
    }

    private static void userDisabled(Map<String, Entry> byName, McpConfig.Declared declared, String file) {
        for (String name : declared.disabled()) {
            Entry entry = byName.get(name);
            if (entry != null && entry.status() == Status.START) {
                byName.put(name, entry.with(Status.DISABLED, "disabled (\"disabled\": true in " + file + ")"));
            }
        }
    }

    private Entry decide(Entry entry, Path cwd) {
        McpServerSpec expanded = VariableExpansion.expand(entry.spec(), env).spec();
        String blocked = settings.managed().blocked(entry.spec(), expanded, new LaunchContext(cwd, env));
        if (blocked != null) {
            return entry.with(Status.BLOCKED, blocked);
        }
        return entry.source() == McpSource.WORKSPACE ? approval(entry, cwd) : entry;
    }

    /** A workspace server runs only with the user's approval for this project. */
    private Entry approval(Entry entry, Path cwd) {
        ProjectApproval standing = settings.projectApproval();
        String name = entry.name();
        String approve = "run `tether mcp approve " + name + "` in " + ProjectChoices.projectKey(cwd);
        if (standing.disabled().contains(name)) {
            return entry.with(Status.REJECTED, "listed in disabledMcpjsonServers in " + standing.configFile());
        }
        Optional<ProjectChoices.Choice> choice = choices.choice(cwd, name);
        if (choice.isPresent() && choice.get().decision() == ProjectChoices.Decision.REJECT) {
            return entry.with(Status.REJECTED, "you rejected it for this project; to allow it, " + approve);
        }
        if (standing.enableAll() || standing.enabled().contains(name)) {
            return entry;
        }
        if (choice.isPresent() && choice.get().allows(entry.fingerprint())) {
            return entry;
        }
        String why = choice.isPresent() ? "its entry in " + entry.file() + " changed since you approved it" : "not approved for this project yet";
        return entry.with(Status.NEEDS_APPROVAL, why + "; you are asked at your next prompt, or " + approve);
    }

    /**
     * Why a server that runs, or may run once approved, does not take what the user's entry for its
     * name grants (a workspace server never does; an editor's server only when it is the one the
     * entry belongs to).
     */
    private Optional<String> withheld(Entry entry) {
        if (entry.spec() == null || (entry.status() != Status.START && entry.status() != Status.NEEDS_APPROVAL)) {
            return Optional.empty();
        }
        PolicyGrants.Verdict verdict = grants.settle(entry.spec());
        return verdict.whole() ? Optional.empty() : Optional.of(verdict.why());
    }

    /**
     * Who a started server is, for the permission rules naming it: its identity (transport and
     * command line or URL, as policy entries bind it) and whose it is — the user's (their own
     * sources, or the editor's server their entry belongs to), the project's (an approved
     * {@code .mcp.json} server), or nobody's (any other editor's server that took the name).
     */
    public ServerBinding binding(Entry entry) {
        if (entry.spec() == null) {
            return ServerBinding.UNKNOWN;
        }
        ServerBinding.Owner owner = switch (entry.source()) {
            case WORKSPACE -> ServerBinding.Owner.PROJECT;
            case EDITOR -> grants.isUsers(entry.spec()) ? ServerBinding.Owner.USER : ServerBinding.Owner.NONE;
            default -> ServerBinding.Owner.USER;
        };
        return new ServerBinding(PolicyBindings.identity(entry.spec()).key(), owner);
    }

    private static String where(Entry entry) {
        return entry.file() == null ? entry.source().label() : entry.file();
    }
}
