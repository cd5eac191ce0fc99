package dev.tether.mcp.transport;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.security.SecretRegistry;
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
 *
 * <p>Only servers the user declared ({@link McpServerSpec.Origin#expands()}) are expanded: the
 * editor's servers are used literally, so a server supplied in {@code session/new} cannot ask
 * for any of Tether's variables. Tether's own credentials (the provider keys, {@code TETHER_*})
 * never expand, whoever asks: such a reference becomes empty (its default is not used either,
 * so the server cannot tell whether the key is set) and is reported in {@link Result#refused()}.
 */
public final class VariableExpansion {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?}");

    /**
     * The expanded spec, the names of undefined variables and of refused credentials (each once,
     * in order of use).
     */
    public record Result(McpServerSpec spec, List<String> undefined, List<String> refused) {
        public Result {
            undefined = List.copyOf(undefined);
            refused = List.copyOf(refused);
        }
    }

    private final Map<String, String> env;
    private final Set<String> undefined = new LinkedHashSet<>();
    private final Set<String> refused = new LinkedHashSet<>();

    private VariableExpansion(Map<String, String> env) {
        this.env = env;
    }

    /** Expands a user-declared server; returns an editor's server unchanged. */
    public static Result expand(McpServerSpec spec, Map<String, String> env) {
        if (!spec.origin().expands()) {
            return new Result(spec, List.of(), List.of());
        }
        VariableExpansion x = new VariableExpansion(env);
        McpServerSpec expanded = switch (spec) {
            case McpServerSpec.Stdio s -> new McpServerSpec.Stdio(s.name(), x.text(s.command()),
                    s.args().stream().map(x::text).toList(), x.values(s.env()), s.cwd(), s.origin());
            case McpServerSpec.Http h -> new McpServerSpec.Http(h.name(), x.text(h.url()), x.values(h.headers()), h.origin());
            case McpServerSpec.Sse h -> new McpServerSpec.Sse(h.name(), x.text(h.url()), x.values(h.headers()), h.origin());
            case McpServerSpec.WebSocket w -> new McpServerSpec.WebSocket(w.name(), x.text(w.url()), x.values(w.headers()), w.origin());
        };
        return new Result(expanded, new ArrayList<>(x.undefined), new ArrayList<>(x.refused));
    }

    /**
     * Expands {@code ${VAR}} and {@code ${VAR:-default}} in one string of the user's config;
     * undefined variables and Tether's own credentials become empty.
     */
    public static String expand(String value, Map<String, String> env) {
        return new VariableExpansion(env).text(value);
    }

    /** The names {@code spec}'s values refer to with {@code ${VAR}}, each once, in order of use. */
    public static List<String> references(McpServerSpec spec) {
        List<String> texts = new ArrayList<>();
        switch (spec) {
            case McpServerSpec.Stdio s -> {
                texts.add(s.command());
                texts.addAll(s.args());
                texts.addAll(s.env().values());
            }
            case McpServerSpec.Http h -> {
                texts.add(h.url());
                texts.addAll(h.headers().values());
            }
            case McpServerSpec.Sse h -> {
                texts.add(h.url());
                texts.addAll(h.headers().values());
            }
            case McpServerSpec.WebSocket w -> {
                texts.add(w.url());
                texts.addAll(w.headers().values());
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (String text : texts) {
            Matcher m = REFERENCE.matcher(text == null ? "" : text);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return List.copyOf(names);
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
            if (SecretRegistry.isCredentialName(name)) {
                refused.add(name);
                replacement = "";
            } else if (found != null && !(found.isEmpty() && m.group(2) != null)) {
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
