package dev.tether.session.servers;

import dev.tether.http.status.StatusView;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerReport;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.task.McpTasks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A session's MCP servers in the status page's words: the runtime's reports, with who declared
 * each server and how it is reached, its state as the user reads it, and which of its tools the
 * last model request left out.
 */
final class StatusViews {
    private StatusViews() {}

    static StatusView.Server server(ServerReport report, McpServerSpec spec, Predicate<String> deferred) {
        ServerStatus status = report.status();
        List<StatusView.Change> history = report.history().stream()
                .map(c -> new StatusView.Change(c.at().toString(), state(c.state()), c.reason())).toList();
        List<StatusView.Tool> tools = report.tools().stream().map(t -> new StatusView.Tool(t.name(), t.modelName(), t.title(),
                t.description(), hints(t.hints()), t.modelName() != null && deferred.test(t.modelName()))).toList();
        StatusView.Catalog catalog = new StatusView.Catalog(status.catalogRevision(), time(report.catalog()), tools,
                report.resources().stream().map(r -> new StatusView.Resource(r.uri(), r.name(), r.description(), r.template())).toList(),
                report.prompts().stream().map(p -> new StatusView.Prompt(p.name(), p.description())).toList());
        List<StatusView.Log> logs = report.logs().stream()
                .map(l -> new StatusView.Log(time(l.at()), l.level(), l.logger(), l.text())).toList();
        ServerReport.Calls calls = report.calls();
        return new StatusView.Server(status.name(), source(spec), SessionServers.transport(spec), status.protocolVersion(),
                state(status.state()), lastError(report), history, report.stderr(),
                new StatusView.Calls(calls.sent(), calls.failed(), calls.cancelled(), millis(calls.p50()), millis(calls.p90()),
                        millis(calls.p99())),
                catalog, logs);
    }

    static StatusView.Task task(McpTasks.Running task) {
        return new StatusView.Task(task.id().toString(), task.server(), task.tool(), task.status(), task.message(), time(task.since()));
    }

    /** A server held back (disabled, blocked, waiting for approval): its name, why, and nothing that runs. */
    static StatusView.Server held(McpServerSources.Held held) {
        return new StatusView.Server(held.name(), held.spec() == null ? null : source(held.spec()), SessionServers.transport(held.spec()),
                null, held.state().replace('_', ' '), held.why(), List.of(), "", null, null, List.of());
    }

    /** A server whose launch has not returned yet. */
    static StatusView.Server starting(McpServerSpec spec) {
        return new StatusView.Server(spec.name(), source(spec), SessionServers.transport(spec), null, "connecting", null, List.of(), "",
                null, null, List.of());
    }

    /** The reason it gives now, or else the last one its history holds: what went wrong last, in plain words. */
    private static String lastError(ServerReport report) {
        if (report.status().reason() != null) {
            return report.status().reason();
        }
        List<ServerReport.Change> history = new ArrayList<>(report.history());
        for (int i = history.size() - 1; i >= 0; i--) {
            if (history.get(i).reason() != null && history.get(i).state() != ServerStatus.State.READY) {
                return history.get(i).reason();
            }
        }
        return null;
    }

    static String state(ServerStatus.State state) {
        return switch (state) {
            case CONNECTING -> "connecting";
            case READY -> "ready";
            case RECOVERING -> "recovering";
            case FAILED -> "failed";
            case NEEDS_AUTH -> "needs sign-in";
            case DISCONNECTED -> "disconnected";
        };
    }

    private static String source(McpServerSpec spec) {
        return switch (spec == null ? null : spec.origin()) {
            case EDITOR -> "editor";
            case USER_CONFIG -> "user";
            case WORKSPACE -> "project";
            case null -> null;
        };
    }

    private static List<String> hints(McpToolInfo.Hints hints) {
        return hints == null ? List.of() : hints.labels();
    }

    private static String time(Instant at) {
        return at == null ? null : at.toString();
    }

    private static Long millis(Duration duration) {
        return duration == null ? null : duration.toMillis();
    }
}
