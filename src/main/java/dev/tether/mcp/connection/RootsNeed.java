package dev.tether.mcp.connection;

import dev.tether.jsonrpc.InboundRequest;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.interaction.ServerRequestHandler;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Whether a server that Tether does not give roots says it needs them. Many users start the
 * filesystem server with no directory arguments, expecting the client's roots; without
 * {@code exposeRoots} it starts "ready" and refuses every path, and only its own stderr says why.
 * This watches what the server says — its stderr lines, its log messages, the text of its failed
 * calls — for either of two signs, and remembers the first one:
 *
 * <ul>
 *   <li>a line that names roots together with a need: "waiting for client to provide roots",
 *       "requires MCP roots", "roots … must be provided";</li>
 *   <li>a line that names allowed directories and lists none: the filesystem server's
 *       "Access denied - path outside allowed directories: /x not in " (nothing after "not in"),
 *       "No allowed directories".</li>
 * </ul>
 *
 * <p>A server that has roots is not watched; nor is one that names directories it does allow (a
 * filesystem server given directory arguments says "Client does not support MCP Roots, using
 * allowed directories set from server args: [...]", and needs nothing). What is kept is server
 * text for the user: sanitised, redacted and cut.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/roots">MCP roots</a>
 */
final class RootsNeed {
    /** The most characters of the server's words kept. */
    static final int SAID_CHARS = 200;
    private static final String NEED = "(wait|waiting|need|needs|needed|require|requires|required|provide|provided|must)";
    private static final Pattern ROOTS_NEEDED = Pattern.compile(
            "(?i)\\broots\\b.*\\b" + NEED + "\\b|\\b" + NEED + "\\b.*\\broots\\b");
    private static final Pattern NO_DIRECTORIES = Pattern.compile(
            "(?im)allowed director(y|ies)\\b.*\\bnot in\\s*(\\[\\s*])?\\s*$|\\bno allowed director(y|ies)\\b");

    private final boolean exposed;
    private final Runnable onFirst;
    private volatile String said;

    /**
     * @param exposed whether the server gets roots (then nothing is watched)
     * @param onFirst told once, when the server first says it needs roots
     */
    RootsNeed(boolean exposed, Runnable onFirst) {
        this.exposed = exposed;
        this.onFirst = onFirst;
    }

    boolean exposed() {
        return exposed;
    }

    /** What the server said that shows it needs roots (sanitised, redacted, cut), or null. */
    String said() {
        return said;
    }

    /** One line of the server's stderr, or one log message. */
    void heard(String line) {
        if (exposed || said != null || line == null) {
            return;
        }
        if (ROOTS_NEEDED.matcher(line).find() || NO_DIRECTORIES.matcher(line).find()) {
            remember(line);
        }
    }

    /** A log message ({@code notifications/message}): its data as text. */
    void logged(JsonNode params) {
        JsonNode data = params == null ? null : params.get("data");
        if (data != null && !exposed && said == null) {
            heard(data.isString() ? data.asString() : data.toString());
        }
    }

    /** {@code next}, with the server's log messages heard here first. */
    ServerRequestHandler watching(ServerRequestHandler next) {
        if (exposed) {
            return next;
        }
        return new ServerRequestHandler() {
            @Override
            public JsonNode handle(String server, InboundRequest request) {
                return next.handle(server, request);
            }

            @Override
            public void onNotification(String server, String method, JsonNode params) {
                if (method.equals("notifications/message")) {
                    logged(params);
                }
                next.onNotification(server, method, params);
            }
        };
    }

    /** A call's result: a failed one may name allowed directories and list none. */
    void answered(McpCallResult result) {
        if (exposed || said != null || !result.isError()) {
            return;
        }
        for (McpContent item : result.content()) {
            if (item instanceof McpContent.Text text && NO_DIRECTORIES.matcher(text.text()).find()) {
                remember(text.text());
                return;
            }
        }
    }

    private void remember(String line) {
        // Masked before it is cut: a key cut in half might no longer look like one.
        String clean = Redactor.redact(UnicodeSanitizer.clean(line).replaceAll("\\s+", " ").strip());
        String cut = clean.length() <= SAID_CHARS ? clean : clean.substring(0, SAID_CHARS) + "…";
        synchronized (this) {
            if (said != null) {
                return;
            }
            said = cut;
        }
        onFirst.run();
    }
}
