package dev.tether.mcp.interaction;

import dev.tether.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client capabilities Tether declares to one server in {@code initialize}: {@code roots}
 * (with {@code listChanged}) only when the server is granted the roots, {@code sampling} only
 * when it is granted sampling, and {@code elicitation.form} / {@code .url} only when the
 * session's host can show a form / open a URL. What is not declared is refused when asked for.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#capability-negotiation">MCP capability negotiation</a>
 */
public final class ClientCapabilities {
    private ClientCapabilities() {}

    public static ObjectNode declare(ServerGrants grants, McpHost host) {
        ObjectNode caps = Json.object();
        if (grants.exposeRoots()) {
            caps.putObject("roots").put("listChanged", true);
        }
        if (grants.sampling()) {
            caps.putObject("sampling");
        }
        if (host.canElicitForm() || host.canElicitUrl()) {
            ObjectNode elicitation = caps.putObject("elicitation");
            if (host.canElicitForm()) {
                elicitation.putObject("form");
            }
            if (host.canElicitUrl()) {
                elicitation.putObject("url");
            }
        }
        return caps;
    }
}
