package dev.tether.session.servers;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.transport.VariableExpansion;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Location;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * The question about a workspace server, as {@code session/request_permission} shows it (a tool
 * call's title and text content, which is what Zed's permission dialog shows): the file, the
 * server, and the whole entry — command and arguments, working directory (resolved), every
 * environment variable and header with its value, the URL — and the variables it reads from the
 * user's environment. Values that look like credentials (a credential-like name, a bearer token,
 * an API key's shape, credentials in a URL, a long run of letters and digits) are masked, with
 * {@link Redactor}'s patterns; known secret values are
 * masked on the way to the editor. The question is bounded: each value, the number of variables
 * and headers, and the whole text; where something is left out the question says so and points
 * at the file.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#requesting-permission">ACP: requesting permission</a>
 */
final class ApprovalQuestion {
    /** The most of one value (a command line, a URL, a variable) shown. */
    static final int MAX_VALUE_BYTES = 1000;
    /** The most variables or headers listed. */
    static final int MAX_ENTRIES = 20;
    /** The most of the whole text. */
    static final int MAX_TEXT_BYTES = 8000;
    /** A value that only names a variable ({@code ${VAR}}, {@code ${VAR:-default}}) is shown as written. */
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?}");
    /** A long run of letters and digits without spaces or path separators: a token of some kind, whatever its name. */
    private static final Pattern TOKEN_LIKE = Pattern.compile("(?=[^ ]*[0-9])(?=[^ ]*[A-Za-z])[A-Za-z0-9_+=.-]{24,}");

    private ApprovalQuestion() {}

    /** The question about {@code server} (its {@code approval} and {@code spec} set). */
    static ToolCallView view(McpServerSources.Held server) {
        String file = server.approval().file();
        Bounded text = new Bounded();
        text.line("The project file " + file + " declares the MCP server `" + clean(server.name()) + "`.\n");
        switch (server.spec()) {
            case McpServerSpec.Stdio s -> {
                text.line("Command: " + text.shown(String.join(" ", commandLine(s))));
                text.line("Working directory: " + (s.cwd() == null ? "the session's directory" : text.shown(s.cwd().toString())));
                text.values("Environment", s.env(), "=");
            }
            default -> {
                text.line("URL: " + text.shown(url(server.spec())));
                text.values("Headers", headers(server.spec()), ": ");
            }
        }
        List<String> variables = VariableExpansion.references(server.spec());
        if (!variables.isEmpty()) {
            text.line("Reads from your environment: " + text.shown(String.join(", ", variables.stream().map(v -> "${" + v + "}").toList()))
                    + " (never Tether's own keys)");
        }
        String body = text.text.toString();
        String whole = Redactor.cap(body, MAX_TEXT_BYTES);
        if (text.cut || !whole.equals(body)) {
            whole += "\n(The entry is longer than this question shows; read it in " + file + " before you allow it.)\n";
        }
        whole += "\nAllow it for the project " + server.approval().project() + ", or reject it. Either answer is remembered for"
                + " the whole project.";
        ToolKind kind = server.spec() instanceof McpServerSpec.Stdio ? ToolKind.EXECUTE : ToolKind.FETCH;
        return new ToolCallView("Start MCP server `" + clean(server.name()) + "` from " + file + "?", kind,
                List.of(Location.of(file)), List.of(ToolDisplay.text(whole)));
    }

    /** The tool call's raw input: the same facts as the text, masked and bounded the same way. */
    static ObjectNode rawInput(McpServerSources.Held server) {
        Bounded bounded = new Bounded();
        ObjectNode raw = Json.object().put("server", clean(server.name())).put("file", server.approval().file())
                .put("project", server.approval().project().toString());
        if (server.spec() instanceof McpServerSpec.Stdio s) {
            raw.put("command", bounded.shown(String.join(" ", commandLine(s))));
            if (s.cwd() != null) {
                raw.put("cwd", bounded.shown(s.cwd().toString()));
            }
            raw.set("env", masked(s.env()));
        } else {
            raw.put("url", bounded.shown(url(server.spec())));
            raw.set("headers", masked(headers(server.spec())));
        }
        return raw;
    }

    /** The question's text as it is written, and whether anything of the entry was left out. */
    private static final class Bounded {
        final StringBuilder text = new StringBuilder();
        boolean cut;

        void line(String line) {
            text.append(line).append('\n');
        }

        /** {@code value} cleaned, masked and cut at {@link #MAX_VALUE_BYTES}. */
        String shown(String value) {
            return capped(Redactor.redact(clean(value), Integer.MAX_VALUE));
        }

        private String capped(String value) {
            String capped = Redactor.cap(value, MAX_VALUE_BYTES);
            cut |= !capped.equals(value);
            return capped;
        }

        void values(String title, Map<String, String> values, String separator) {
            if (values.isEmpty()) {
                return;
            }
            line(title + ":");
            values.entrySet().stream().sorted(Map.Entry.comparingByKey()).limit(MAX_ENTRIES)
                    .forEach(e -> line("  " + shown(e.getKey()) + separator + capped(value(e.getKey(), e.getValue()))));
            if (values.size() > MAX_ENTRIES) {
                cut = true;
                line("  … and " + (values.size() - MAX_ENTRIES) + " more");
            }
        }
    }

    private static ObjectNode masked(Map<String, String> values) {
        ObjectNode out = Json.object();
        values.entrySet().stream().sorted(Map.Entry.comparingByKey()).limit(MAX_ENTRIES)
                .forEach(e -> out.put(clean(e.getKey()), Redactor.cap(value(e.getKey(), e.getValue()), MAX_VALUE_BYTES)));
        return out;
    }

    /**
     * A variable's or header's value as shown: a bare {@code ${VAR}} as written; anything else
     * masked where its name or its shape says credential (the name is part of what is redacted:
     * {@code API_KEY=abc} hides {@code abc}).
     */
    static String value(String name, String value) {
        if (REFERENCE.matcher(value).matches()) {
            return clean(value);
        }
        if (TOKEN_LIKE.matcher(value).matches()) {
            return "[REDACTED]";
        }
        String line = clean(name) + "=" + clean(value);
        String redacted = Redactor.redact(line, Integer.MAX_VALUE);
        return redacted.substring(Math.min(redacted.length(), redacted.indexOf('=') + 1));
    }

    private static List<String> commandLine(McpServerSpec.Stdio s) {
        List<String> line = new ArrayList<>();
        line.add(s.command());
        line.addAll(s.args());
        return line;
    }

    private static Map<String, String> headers(McpServerSpec spec) {
        return switch (spec) {
            case McpServerSpec.Stdio s -> Map.of();
            case McpServerSpec.Http h -> h.headers();
            case McpServerSpec.Sse s -> s.headers();
            case McpServerSpec.WebSocket w -> w.headers();
        };
    }

    private static String url(McpServerSpec spec) {
        return switch (spec) {
            case McpServerSpec.Stdio s -> "";
            case McpServerSpec.Http h -> h.url();
            case McpServerSpec.Sse s -> s.url();
            case McpServerSpec.WebSocket w -> w.url();
        };
    }

    private static String clean(String text) {
        return UnicodeSanitizer.clean(text);
    }
}
