package dev.tether.mcp.transport;

import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The streamable-HTTP session of one {@link HttpTransport}: the {@code Mcp-Session-Id} the server
 * gave in its first answer that carried one, and the {@code MCP-Protocol-Version} its
 * {@code initialize} answer named. Both go on every later request, beside the configured headers and
 * the authorization's; DELETE ends the session.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#session-management">MCP session management</a>
 */
final class HttpSession {
    // The transport's logger: a reader of the log finds the DELETE next to its requests.
    private static final Logger LOG = LoggerFactory.getLogger(HttpTransport.class);

    private final McpServerSpec.Http spec;
    private final URI uri;
    private final HttpAuthorization authorization;
    private volatile String id;
    private volatile String protocolVersion;
    private volatile JsonNode initializeId;

    HttpSession(McpServerSpec.Http spec, HttpAuthorization authorization) {
        this.spec = spec;
        this.uri = URI.create(spec.url());
        this.authorization = authorization;
    }

    /** The session id the server gave, or null while it gave none. */
    String id() {
        return id;
    }

    /** A request to the server with the headers every request carries; {@code method} is what its DPoP proof names. */
    HttpRequest.Builder request(String method) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri);
        spec.headers().forEach(builder::header);
        authorization.headers(method, uri).forEach(builder::setHeader);
        if (id != null) {
            builder.header("Mcp-Session-Id", id);
        }
        if (protocolVersion != null) {
            builder.header("MCP-Protocol-Version", protocolVersion);
        }
        return builder;
    }

    /** {@code message} (with {@code method}) is being sent: the id of {@code initialize} is remembered. */
    void sending(String method, JsonNode message) {
        if ("initialize".equals(method)) {
            initializeId = message.get("id");
        }
    }

    /** The server answered a POST: the first session id it gives is kept. */
    void answered(HttpResponse<?> response) {
        response.headers().firstValue("Mcp-Session-Id").ifPresent(s -> {
            if (id == null) {
                id = s;
            }
        });
    }

    /** {@code message} arrived: the answer to {@code initialize} names the protocol version. */
    void received(JsonNode message) {
        JsonNode answered = message.get("id");
        if (answered != null && answered.equals(initializeId) && message.has("result")) {
            String version = message.path("result").path("protocolVersion").asString(null);
            if (version != null) {
                protocolVersion = version;
            }
        }
    }

    /** Ends the session with DELETE (waiting a second at most) when the server gave one. */
    void delete(HttpClient client) {
        if (id == null) {
            return;
        }
        try {
            client.send(request("DELETE").timeout(Duration.ofSeconds(1)).DELETE().build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            LOG.debug("mcp {}: DELETE failed: {}", spec.name(), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
