package dev.tether.mcp.connection.content;

import dev.tether.mcp.api.McpError;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.content.McpPrompt;
import dev.tether.mcp.content.McpResource;
import dev.tether.mcp.content.McpResourceTemplate;
import dev.tether.security.Redactor;
import dev.tether.security.ReservedKeys;
import dev.tether.security.UnicodeSanitizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks a content request passes before it is sent: a resource URI the server lists or a
 * template of it matches, a prompt it lists with exactly its declared arguments, a completion
 * reference and argument names of its catalogs. Each refusal is an {@link McpError.Refused} saying
 * what the server does offer; names in it are sanitised and capped.
 */
final class ContentChecks {
    private final String server;
    private final ContentCatalogs catalogs;

    ContentChecks(String server, ContentCatalogs catalogs) {
        this.server = server;
        this.catalogs = catalogs;
    }

    /** The raw URI to send: the given one, or the raw form of a listed URI the caller saw sanitised. */
    String declaredUri(String uri, String what) {
        ContentCatalog current = catalogs.catalog();
        if (!catalogs.declared().resources()) {
            throw notOffered("server \"" + server + "\" offers no resources");
        }
        if (uri == null || uri.isBlank()) {
            throw refused("a resource URI is required");
        }
        if (current.declares(uri)) {
            return uri;
        }
        for (McpResource r : current.resources()) {
            if (UnicodeSanitizer.clean(r.uri()).equals(uri)) {
                return r.uri();
            }
        }
        throw refused("refused to " + what + " \"" + Redactor.cap(UnicodeSanitizer.clean(uri), 300)
                + "\": server \"" + server + "\" neither lists it nor declares a template it matches");
    }

    void subscriptions() {
        if (!catalogs.declared().subscribe()) {
            throw notOffered("server \"" + server + "\" does not offer resource subscriptions");
        }
    }

    /** The listed prompt {@code name}, when {@code args} are all its own and name every required one. */
    McpPrompt prompt(String name, Map<String, String> args) {
        McpPrompt prompt = listedPrompt(name);
        List<String> unknown = new ArrayList<>();
        for (String key : args.keySet()) {
            if (ReservedKeys.isReserved(key)) {
                throw refused("the argument name \"" + key + "\" is not allowed");
            }
            if (prompt.argument(key) == null) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            throw refused("prompt \"" + shown(name) + "\" has no argument " + quoted(unknown)
                    + argumentsHint(prompt));
        }
        List<String> missing = prompt.arguments().stream()
                .filter(a -> a.required() && (args.get(a.name()) == null || args.get(a.name()).isBlank()))
                .map(McpPrompt.Argument::name).toList();
        if (!missing.isEmpty()) {
            throw refused("prompt \"" + shown(name) + "\" needs " + quoted(missing) + argumentsHint(prompt));
        }
        return prompt;
    }

    /** Completions are offered, {@code ref} is in the catalogs and {@code argument} and {@code context} name its arguments. */
    void completion(CompletionRef ref, String argument, Map<String, String> context) {
        if (!catalogs.declared().completions()) {
            throw notOffered("server \"" + server + "\" offers no completions");
        }
        Set<String> names = switch (ref) {
            case CompletionRef.Prompt p -> {
                McpPrompt prompt = listedPrompt(p.name());
                Set<String> own = new LinkedHashSet<>();
                prompt.arguments().forEach(a -> own.add(a.name()));
                yield own;
            }
            case CompletionRef.ResourceTemplate t -> {
                McpResourceTemplate template = catalogs.catalog().template(t.uriTemplate());
                if (template == null) {
                    throw notOffered("server \"" + server + "\" declares no resource template \""
                            + shown(t.uriTemplate()) + "\"");
                }
                yield template.matcher().variables();
            }
        };
        for (String key : concat(argument, context.keySet())) {
            if (key == null || ReservedKeys.isReserved(key) || !names.contains(key)) {
                throw refused("\"" + shown(String.valueOf(key)) + "\" is not an argument of that "
                        + (ref instanceof CompletionRef.Prompt ? "prompt" : "template") + " (it has: "
                        + String.join(", ", names.stream().map(ContentChecks::shown).toList()) + ")");
            }
        }
    }

    private McpPrompt listedPrompt(String name) {
        if (!catalogs.declared().prompts()) {
            throw notOffered("server \"" + server + "\" offers no prompts");
        }
        List<McpPrompt> listed = catalogs.prompts();
        // The session shows sanitised names; a raw name wins when both match.
        return listed.stream().filter(p -> p.name().equals(name)).findFirst()
                .or(() -> listed.stream().filter(p -> UnicodeSanitizer.clean(p.name()).equals(name)).findFirst())
                .orElseThrow(() -> notOffered("server \"" + server + "\" has no prompt \"" + shown(name) + "\""));
    }

    private static List<String> concat(String first, Set<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }

    private static String argumentsHint(McpPrompt prompt) {
        if (prompt.arguments().isEmpty()) {
            return " (it takes no arguments)";
        }
        return " (arguments: " + String.join(", ", prompt.arguments().stream()
                .map(a -> shown(a.name()) + (a.required() ? "" : "?")).toList()) + ")";
    }

    private static String quoted(List<String> names) {
        return String.join(", ", names.stream().map(n -> "\"" + shown(n) + "\"").toList());
    }

    private static String shown(String s) {
        return Redactor.cap(UnicodeSanitizer.clean(s == null ? "" : s), 200);
    }

    private static McpError refused(String message) {
        return new McpError.Refused(McpError.Refused.Ground.POLICY, message);
    }

    private static McpError notOffered(String message) {
        return new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED, message);
    }
}
