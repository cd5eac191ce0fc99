package dev.tether.mcp.transport;

import dev.tether.mcp.McpServerSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Expands {@code ${VAR}} and {@code ${VAR:-default}} in a server's declared command, args, env
 * values, URL and headers against Tether's own environment, as Claude Code's {@code .mcp.json}
 * does, so a shared config can name a secret without holding it. An undefined variable without
 * a default becomes the empty string and is reported once in {@link Result#undefined()}.
 * Expansion is one pass: a value that itself contains {@code ${…}} is not expanded again.
 */
public final class VariableExpansion {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?}");

    /** The expanded spec and the names of undefined variables (each once, in order of use). */
    public record Result(McpServerSpec spec, List<String> undefined) {
        public Result {
            undefined = List.copyOf(undefined);
        }
    }

    private final Map<String, String> env;
    private final Set<String> undefined = new LinkedHashSet<>();

    private VariableExpansion(Map<String, String> env) {
        this.env = env;
    }

    public static Result expand(McpServerSpec spec, Map<String, String> env) {
        VariableExpansion x = new VariableExpansion(env);
        McpServerSpec expanded = switch (spec) {
            case McpServerSpec.Stdio s -> new McpServerSpec.Stdio(s.name(), x.text(s.command()),
                    s.args().stream().map(x::text).toList(), x.values(s.env()), s.cwd());
            case McpServerSpec.Http h -> new McpServerSpec.Http(h.name(), x.text(h.url()), x.values(h.headers()));
            case McpServerSpec.Sse h -> new McpServerSpec.Sse(h.name(), x.text(h.url()), x.values(h.headers()));
        };
        return new Result(expanded, new ArrayList<>(x.undefined));
    }

    /** Expands {@code ${VAR}} and {@code ${VAR:-default}} in one string; undefined variables become empty. */
    public static String expand(String value, Map<String, String> env) {
        return new VariableExpansion(env).text(value);
    }

    /** Expands one string. */
    String text(String value) {
        if (value == null || !value.contains("${")) {
            return value;
        }
        Matcher m = REFERENCE.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String found = env.get(name);
            String replacement;
            if (found != null && !(found.isEmpty() && m.group(2) != null)) {
                replacement = found;
            } else if (m.group(2) != null) {
                replacement = m.group(3);
            } else {
                undefined.add(name);
                replacement = "";
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private Map<String, String> values(Map<String, String> map) {
        Map<String, String> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(k, text(v)));
        return out;
    }
}
