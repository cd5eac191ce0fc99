package dev.tether.config.policy;

import dev.tether.mcp.api.McpServerSpec;
import java.util.List;

/**
 * One server in the forms the managed policy looks at: as written, and as it would run
 * ({@code ${VAR}} expanded; for stdio, resolved in its {@link LaunchContext}). Deny rules look at
 * both forms, so neither a reference nor another spelling hides a denied server; allow rules look
 * at what runs. Each form is read once, when first asked for.
 */
public final class ServerForms {
    private final McpServerSpec written;
    private final McpServerSpec expanded;
    private final LaunchContext context;
    private List<ServerCommand> commands;
    private List<ServerUrl.Reading> urls;

    /** @param expanded {@code written} with its {@code ${VAR}} references expanded as the launch expands them */
    public ServerForms(McpServerSpec written, McpServerSpec expanded, LaunchContext context) {
        this.written = written;
        this.expanded = expanded;
        this.context = context;
    }

    /** Why this server is refused whatever the rules say (a URL with user info), or null. */
    public String refusal() {
        for (ServerUrl.Reading url : urls()) {
            if (url instanceof ServerUrl.Refused refused && refused.userInfo()) {
                return refused.why();
            }
        }
        return null;
    }

    /** Why the URL it would connect to cannot be compared, or null (also for a stdio server). */
    public String unreadable() {
        return urls().isEmpty() || !(urls().getFirst() instanceof ServerUrl.Refused refused) ? null : refused.why();
    }

    /** Whether a deny rule matches either form (paths compared ignoring case: a server may). */
    public boolean deniedBy(UrlPattern rule) {
        return urls().stream().anyMatch(url -> url instanceof ServerUrl.Read read && rule.matches(read.url(), true));
    }

    /** Whether an allow rule matches the URL it would connect to, exactly. */
    public boolean allowedBy(UrlPattern rule) {
        return !urls().isEmpty() && urls().getFirst() instanceof ServerUrl.Read read && rule.matches(read.url(), false);
    }

    /** Whether a deny rule matches either form. */
    public boolean deniedBy(CommandPattern rule) {
        return commands().stream().anyMatch(rule::denies);
    }

    /** The command as it would run, for allow rules; null for a remote server. */
    public ServerCommand command() {
        return commands().isEmpty() ? null : commands().getFirst();
    }

    private List<ServerCommand> commands() {
        if (commands == null) {
            commands = expanded instanceof McpServerSpec.Stdio run && written instanceof McpServerSpec.Stdio declared
                    ? List.of(ServerCommand.of(run, context), ServerCommand.of(declared, context)) : List.of();
        }
        return commands;
    }

    /** The URL as it would connect, then as written. */
    private List<ServerUrl.Reading> urls() {
        if (urls == null) {
            String run = url(expanded);
            urls = run == null ? List.of() : List.of(ServerUrl.read(run), ServerUrl.read(url(written)));
        }
        return urls;
    }

    private static String url(McpServerSpec spec) {
        return switch (spec) {
            case McpServerSpec.Stdio s -> null;
            case McpServerSpec.Http h -> h.url();
            case McpServerSpec.Sse s -> s.url();
            case McpServerSpec.WebSocket w -> w.url();
        };
    }
}
