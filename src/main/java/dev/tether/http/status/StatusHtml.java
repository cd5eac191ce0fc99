package dev.tether.http.status;

import static dev.tether.http.Html.escape;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.function.Function;

/**
 * The status page as HTML: plain tables a browser shows without JavaScript, every value escaped.
 * The page's script ({@code status.js}) only swaps in the same markup as it is pushed, so there is
 * one renderer. Element ids and keys are made of Tether's own session ids and positions, never of
 * a server's strings.
 */
final class StatusHtml {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private StatusHtml() {}

    /** The whole page for a viewer: the snapshot, and the viewer's CSRF token in the page's forms. */
    static String page(StatusView.Snapshot snapshot, String csrf) {
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="referrer" content="no-referrer">
                <title>Tether status</title>
                <link rel="stylesheet" href="/status.css">
                <script src="/status.js" defer></script>
                </head><body data-csrf="%s">
                <header><h1>Tether status</h1>
                <p class="meta">%s &middot; as of %s &middot; <span id="live">not live: reload for news</span></p></header>
                <main id="status">%s</main>
                <footer><p>Only this browser, with the link from <code>/status</code>, can see this page. The same data as JSON: <a href="/api/status">/api/status</a>.</p></footer>
                </body></html>
                """.formatted(escape(csrf), escape(snapshot.tether()), time(snapshot.at()), fragment(snapshot.sessions(), csrf));
    }

    /** The page that takes a browser on to {@code /} once it holds the cookie (a navigation of this site's own). */
    static String forward() {
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=/">
                <title>Tether status</title><link rel="stylesheet" href="/status.css"></head>
                <body><main><p><a href="/">Open the status page</a></p></main></body></html>
                """;
    }

    /** A short page: a refusal or a notice, with nothing of the data in it. */
    static String message(String title, String text) {
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Tether status: %1$s</title>
                <link rel="stylesheet" href="/status.css"></head>
                <body><header><h1>%1$s</h1></header><main><p>%2$s</p></main></body></html>
                """.formatted(escape(title), escape(text));
    }

    /**
     * What {@code #status} holds: every session. {@code csrf} is null in the markup pushed to an
     * open page (one feed for every viewer); the page's script fills in its own token.
     */
    static String fragment(List<StatusView.Session> sessions, String csrf) {
        if (sessions.isEmpty()) {
            return "<p class=\"empty\">No live sessions in this Tether process.</p>";
        }
        StringBuilder out = new StringBuilder();
        for (StatusView.Session session : sessions) {
            session(out, session, csrf == null ? "" : csrf);
        }
        return out.toString();
    }

    private static void session(StringBuilder out, StatusView.Session s, String csrf) {
        String key = "s-" + safeId(s.id());
        out.append("<section class=\"session\" id=\"").append(key).append("\">");
        out.append("<h2>").append(escape(s.title() == null ? "Untitled session" : s.title())).append("</h2>");
        out.append("<dl class=\"facts\">");
        fact(out, "session", s.id());
        fact(out, "directory", s.cwd());
        fact(out, "mode", s.mode());
        fact(out, "model", s.model());
        fact(out, "context", context(s.context()));
        fact(out, "sandbox", s.sandbox() == null ? null : s.sandbox().state() + ": " + s.sandbox().detail());
        out.append("</dl>");
        servers(out, s, key, csrf);
        table(out, "Tasks in flight", "tasks", s.tasks(), List.of("task", "server", "tool", "status", "message", "since"),
                t -> List.of(esc(t.id()), esc(t.server()), esc(t.tool()), esc(t.status()), esc(t.message()), time(t.since())));
        table(out, "Permission decisions", "decisions", s.decisions(), List.of("at", "tool", "decision", "decided by"),
                d -> List.of(time(d.at()), esc(d.tool()), esc(d.decision()), esc(d.decidedBy())));
        table(out, "Notices", "notices", s.notices(), List.of("at", "severity", "notice"),
                n -> List.of(time(n.at()), esc(n.severity()), esc(n.text())));
        out.append("</section>");
    }

    private static void servers(StringBuilder out, StatusView.Session s, String key, String csrf) {
        out.append("<h3>MCP servers</h3>");
        if (s.servers().isEmpty()) {
            out.append("<p class=\"empty\">No MCP servers in this session.</p>");
            return;
        }
        out.append("<table class=\"servers\"><thead><tr>");
        for (String head : List.of("server", "state", "source", "transport", "protocol", "calls (failed)", "latency p50 / p90 / p99",
                "last error", "")) {
            out.append("<th>").append(head).append("</th>");
        }
        out.append("</tr></thead><tbody>");
        for (StatusView.Server server : s.servers()) {
            out.append("<tr data-server=\"").append(escape(server.name())).append("\" data-state=\"").append(escape(server.state()))
                    .append("\"><td class=\"name\">").append(esc(server.name())).append("</td><td class=\"state state-")
                    .append(escape(server.state().replace(' ', '-'))).append("\">").append(esc(server.state())).append("</td><td>")
                    .append(esc(server.source())).append("</td><td>").append(esc(server.transport())).append("</td><td>")
                    .append(esc(server.protocol())).append("</td><td>").append(calls(server.calls())).append("</td><td>")
                    .append(latency(server.calls())).append("</td><td class=\"error\">").append(esc(server.error())).append("</td><td>");
            if (StatusView.Server.RUNNING.contains(server.state())) {
                out.append("<form method=\"post\" action=\"/api/reconnect\" class=\"reconnect\">")
                        .append("<input type=\"hidden\" name=\"session\" value=\"").append(escape(s.id())).append("\">")
                        .append("<input type=\"hidden\" name=\"server\" value=\"").append(escape(server.name())).append("\">")
                        .append("<input type=\"hidden\" name=\"csrf\" value=\"").append(escape(csrf)).append("\">")
                        .append("<button type=\"submit\">Reconnect</button></form>");
            }
            out.append("</td></tr>");
        }
        out.append("</tbody></table>");
        int index = 0;
        for (StatusView.Server server : s.servers()) {
            details(out, server, key + "-" + index++);
        }
    }

    private static void details(StringBuilder out, StatusView.Server server, String key) {
        out.append("<details class=\"server\" id=\"").append(key).append("\" data-server=\"").append(escape(server.name()))
                .append("\"><summary>").append(esc(server.name())).append(" &middot; ").append(esc(server.state())).append("</summary>");
        table(out, "History", "history", server.history(), List.of("at", "state", "why"),
                c -> List.of(time(c.at()), esc(c.state()), esc(c.reason())));
        StatusView.Catalog catalog = server.catalog();
        if (catalog != null) {
            out.append("<p class=\"catalog\">Tool catalog revision ").append(catalog.revision());
            if (catalog.changedAt() != null) {
                out.append(", changed at ").append(time(catalog.changedAt()));
            }
            out.append("</p>");
            table(out, "Tools", "tools", catalog.tools(), List.of("tool", "model's name", "description", "hints", "sent to the model"),
                    t -> List.of(esc(t.name()), t.modelName() == null ? "<em>not offered</em>" : "<code>" + esc(t.modelName()) + "</code>",
                            description(t.title(), t.description()), esc(String.join(", ", t.hints())),
                            t.modelName() == null ? "" : t.deferred() ? "deferred (tool_search)" : "yes"));
            table(out, "Resources", "resources", catalog.resources(), List.of("uri", "name", "description"),
                    r -> List.of("<code>" + esc(r.uri()) + "</code>" + (r.template() ? " (template)" : ""), esc(r.name()), esc(r.description())));
            table(out, "Prompts", "prompts", catalog.prompts(), List.of("prompt", "description"),
                    p -> List.of(esc(p.name()), esc(p.description())));
        }
        table(out, "Log messages", "logs", server.logs(), List.of("at", "level", "logger", "message"),
                l -> List.of(time(l.at()), esc(l.level()), esc(l.logger()), esc(l.text())));
        if (server.stderr() != null && !server.stderr().isBlank()) {
            out.append("<h4>stderr (last lines)</h4><pre class=\"stderr\">").append(esc(server.stderr())).append("</pre>");
        }
        out.append("</details>");
    }

    private static <T> void table(StringBuilder out, String title, String kind, List<T> rows, List<String> heads,
                                  Function<T, List<String>> cells) {
        out.append("<h4>").append(title).append("</h4>");
        if (rows.isEmpty()) {
            out.append("<p class=\"empty\">None.</p>");
            return;
        }
        out.append("<table class=\"").append(kind).append("\"><thead><tr>");
        heads.forEach(h -> out.append("<th>").append(escape(h)).append("</th>"));
        out.append("</tr></thead><tbody>");
        for (T row : rows) {
            out.append("<tr>");
            cells.apply(row).forEach(cell -> out.append("<td>").append(cell).append("</td>"));
            out.append("</tr>");
        }
        out.append("</tbody></table>");
    }

    private static void fact(StringBuilder out, String name, String value) {
        out.append("<dt>").append(name).append("</dt><dd>").append(value == null ? "&mdash;" : escape(value)).append("</dd>");
    }

    private static String description(String title, String description) {
        if (title == null) {
            return esc(description);
        }
        return "<strong>" + esc(title) + "</strong>" + (description == null ? "" : " " + esc(description));
    }

    private static String context(StatusView.Context context) {
        if (context == null) {
            return null;
        }
        if (context.used() == null || context.window() == null) {
            return "no usage reported yet";
        }
        long percent = context.window() <= 0 ? 0 : Math.round(100.0 * context.used() / context.window());
        return context.used() + " of " + context.window() + " tokens (" + percent + "%)";
    }

    private static String calls(StatusView.Calls calls) {
        if (calls == null) {
            return "";
        }
        return calls.sent() + " (" + calls.failed() + ")" + (calls.cancelled() > 0 ? ", " + calls.cancelled() + " cancelled" : "");
    }

    private static String latency(StatusView.Calls calls) {
        if (calls == null || calls.p50Ms() == null) {
            return "&mdash;";
        }
        return calls.p50Ms() + " / " + calls.p90Ms() + " / " + calls.p99Ms() + " ms";
    }

    private static String esc(String text) {
        return escape(text);
    }

    /** A time of day in this machine's zone, with the instant in {@code datetime}; the text as it came when it is no instant. */
    static String time(String iso) {
        if (iso == null) {
            return "";
        }
        try {
            return "<time datetime=\"" + escape(iso) + "\">" + CLOCK.format(Instant.parse(iso)) + "</time>";
        } catch (DateTimeParseException e) {
            return escape(iso);
        }
    }

    /** Session ids are Tether's own UUIDs; anything else is reduced to what an id may hold. */
    private static String safeId(String id) {
        return id == null ? "" : id.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
