package dev.tether.mcp.transport;

import dev.tether.mcp.api.McpError;
import java.net.URI;
import java.util.Locale;

/**
 * The check on the POST endpoint a legacy SSE stream announces: resolved against the stream's URL,
 * it must have the stream's origin — scheme, host and port, with a scheme's default port filled in
 * — and no user info. Otherwise a server (or whoever can write into its stream) could send every
 * request Tether makes, with the headers and credentials configured for this server, to a host of
 * its choosing. The error names only the two origins, never the path or query.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2024-11-05/basic/transports#http-with-sse">MCP 2024-11-05 HTTP with SSE</a>
 */
final class EndpointOrigin {
    private EndpointOrigin() {}

    /**
     * The endpoint {@code announced} (a URI reference) resolved against {@code stream}.
     *
     * @throws McpError.Refused it is not a URI, or its origin is not the stream's
     */
    static URI check(URI stream, String announced) {
        URI resolved;
        try {
            resolved = stream.resolve(new URI(announced));
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            throw refused("the server's event stream announced a POST endpoint that is not a URL");
        }
        if (resolved.getRawUserInfo() != null) {
            throw refused("the server's event stream announced a POST endpoint with credentials in its URL; refusing it");
        }
        if (!origin(resolved).equals(origin(stream))) {
            throw refused("the server's event stream announced a POST endpoint on another origin (" + origin(resolved)
                    + ", not the stream's " + origin(stream) + "); refusing to send requests there");
        }
        return resolved;
    }

    /** {@code scheme://host:port}, lower case, with the scheme's default port when none is given. */
    static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        if (port < 0) {
            port = switch (scheme) {
                case "http" -> 80;
                case "https" -> 443;
                default -> -1;
            };
        }
        return scheme + "://" + host + ":" + port;
    }

    private static McpError.Refused refused(String message) {
        return new McpError.Refused(McpError.Refused.Ground.POLICY, message);
    }
}
