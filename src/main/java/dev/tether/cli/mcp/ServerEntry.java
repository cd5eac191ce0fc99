package dev.tether.cli.mcp;

import dev.tether.config.mcp.McpConfig;
import dev.tether.config.mcp.ReservedNames;
import dev.tether.json.Json;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds and checks the {@code mcpServers} entry {@code tether mcp add} and {@code add-json} write,
 * in Claude Code's {@code .mcp.json} format. Everything is checked before a file is touched: the
 * name (letters, digits, {@code -}, {@code _}; not reserved), the type, the URL's scheme for the
 * type, {@code KEY=VALUE} variables, {@code Name: value} headers, and then the entry as a session
 * would read it.
 */
final class ServerEntry {
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final Pattern ENV_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    /** The transports {@code --transport} takes. */
    static final List<String> TYPES = List.of("stdio", "http", "sse", "ws");

    /** An entry that cannot be written; the message is for the user (exit 2). */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    private ServerEntry() {}

    static void checkName(String name) throws Invalid {
        String reserved = ReservedNames.why(name);
        if (reserved != null) {
            throw new Invalid("cannot add \"" + name + "\": " + reserved + "; pick another name");
        }
        if (!NAME.matcher(name).matches()) {
            throw new Invalid("a server name is 1 to 64 letters, digits, '-' or '_' (got \"" + name + "\")");
        }
    }

    /** Whether {@code text} is a URL of a remote server rather than a command. */
    static boolean looksLikeUrl(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("ws://") || lower.startsWith("wss://");
    }

    /** A stdio entry: {@code command}, {@code args} (when any), {@code env} (when any). */
    static ObjectNode stdio(String command, List<String> args, List<String> env) throws Invalid {
        ObjectNode entry = Json.object().put("type", "stdio").put("command", command);
        entry.set("args", Json.mapper().valueToTree(args));
        ObjectNode vars = entry.putObject("env");
        for (String pair : env) {
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            if (eq < 0 || !ENV_KEY.matcher(key).matches()) {
                throw new Invalid("-e takes KEY=VALUE, where KEY is letters, digits and '_' and does not start with a digit (got \""
                        + key + "\")");
            }
            vars.put(key, pair.substring(eq + 1));
        }
        return entry;
    }

    /** A remote entry of {@code type} (http, sse or ws): {@code url}, {@code headers} (when any). */
    static ObjectNode remote(String type, String url, List<String> headers) throws Invalid {
        ObjectNode entry = Json.object().put("type", type).put("url", url);
        ObjectNode values = entry.putObject("headers");
        for (String header : headers) {
            int colon = header.indexOf(':');
            String name = colon < 0 ? header : header.substring(0, colon).strip();
            if (colon < 0 || !HEADER_NAME.matcher(name).matches()) {
                throw new Invalid("-H takes \"Name: value\" (got \"" + header + "\")");
            }
            values.put(name, header.substring(colon + 1).strip());
        }
        return entry;
    }

    /** Checks {@code entry} as a session would read it; throws with the first problem. */
    static void check(String name, JsonNode entry, Path baseDir) throws Invalid {
        checkName(name);
        if (!entry.isObject()) {
            throw new Invalid("the server's JSON must be an object such as {\"type\": \"http\", \"url\": \"https://…\"}");
        }
        String type = entry.path("type").asString(entry.has("url") ? "http" : "stdio");
        if (entry.has("type") && !entry.get("type").isString()) {
            throw new Invalid("\"type\" must be one of " + String.join(", ", TYPES));
        }
        if (!entry.has("command") && !entry.has("url")) {
            throw new Invalid("the server needs a \"command\" (stdio) or a \"url\" (http, sse, ws)");
        }
        ObjectNode root = Json.object();
        root.putObject("mcpServers").set(name, entry);
        McpConfig.Parsed parsed = McpConfig.read(root, baseDir, "the entry", dev.tether.mcp.api.McpServerSpec.Origin.USER_CONFIG);
        if (!parsed.warnings().isEmpty()) {
            throw new Invalid(parsed.warnings().getFirst().text().replace("the entry: server \"" + name + "\"", "the server")
                    .replace("; skipping this server", ""));
        }
        if (!type.equals("stdio") && entry.path("url").isString()) {
            checkUrl(type, entry.path("url").asString());
        } else if (type.equals("stdio") && entry.has("url")) {
            throw new Invalid("a stdio server runs a \"command\"; for a \"url\" give --transport http, sse or ws");
        }
    }

    /** http and sse take http(s) URLs, ws takes ws(s); a {@code ${VAR}} in the URL is checked when it runs. */
    static void checkUrl(String type, String url) throws Invalid {
        if (url.contains("${")) {
            return;
        }
        boolean ws = type.equals("ws") || type.equals("websocket");
        URI uri;
        try {
            uri = new URI(url);
        } catch (java.net.URISyntaxException e) {
            throw new Invalid("\"" + url + "\" is not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        List<String> allowed = ws ? List.of("ws", "wss") : List.of("http", "https");
        if (!allowed.contains(scheme) || uri.getHost() == null) {
            throw new Invalid("a " + type + " server's URL must be " + String.join("://… or ", allowed) + "://… with a host (got \""
                    + url + "\")" + (ws || !List.of("ws", "wss").contains(scheme) ? "" : "; for WebSocket give --transport ws"));
        }
    }

    /** Drops empty {@code headers} (Claude Code writes them only when there are some). */
    static ObjectNode tidy(ObjectNode entry) {
        if (entry.path("headers").isObject() && entry.path("headers").isEmpty()) {
            entry.remove("headers");
        }
        return entry;
    }
}
