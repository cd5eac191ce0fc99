package dev.tether.cli;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.sources.McpSources;
import dev.tether.config.sources.ProjectChoices;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.servers.McpServerSources;
import java.nio.file.Path;
import dev.tether.tools.rules.ServerBinding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;

/** The session's port onto the configured sources ({@link McpSources}) and the project choices store. */
final class ConfiguredSources implements McpServerSources {
    private final McpSources sources;

    ConfiguredSources(McpSources sources) {
        this.sources = sources;
    }

    @Override
    public Lineup lineup(Path cwd, List<McpServerSpec> editorServers) {
        McpSources.Resolution resolution = sources.resolve(cwd, editorServers);
        List<Held> held = new ArrayList<>();
        Map<String, ServerBinding> bindings = new HashMap<>();
        for (McpSources.Entry entry : resolution.entries()) {
            if (entry.spec() != null) {
                bindings.put(entry.name(), sources.binding(entry));
            }
            if (entry.status() == McpSources.Status.START) {
                continue;
            }
            Approval approval = entry.status() == McpSources.Status.NEEDS_APPROVAL
                    ? new Approval(Path.of(ProjectChoices.projectKey(cwd)), entry.file(), entry.fingerprint()) : null;
            held.add(new Held(entry.name(), entry.spec(), entry.status().name().toLowerCase(Locale.ROOT), entry.why(), approval));
        }
        return new Lineup(resolution.started(), held, resolution.warnings().stream().map(ConfigWarning::text).toList(), bindings);
    }

    @Override
    public void remember(Approval approval, String server, boolean allowed) throws McpLauncher.CommandFailure {
        try {
            sources.choices().record(approval.project(), server,
                    allowed ? ProjectChoices.Decision.ALLOW : ProjectChoices.Decision.REJECT, allowed ? approval.fingerprint() : null);
        } catch (ProjectChoices.StoreException e) {
            throw new McpLauncher.CommandFailure(e.getMessage());
        }
    }
}
