package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * An MCP server the editor names in {@code session/new}, {@code load} or {@code resume}, tagged by
 * {@code type}; a server without one is a stdio server. Lists that are null here were absent.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup#mcp-servers">ACP MCP servers</a>
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "type",
        defaultImpl = McpServer.Stdio.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = McpServer.Stdio.class, name = "stdio"),
        @JsonSubTypes.Type(value = McpServer.Http.class, name = "http"),
        @JsonSubTypes.Type(value = McpServer.Sse.class, name = "sse"),
})
public sealed interface McpServer {

    String name();

    /** A local process; the schema gives it no {@code type}. */
    record Stdio(String name, String command, List<String> args, List<EnvVariable> env) implements McpServer {}

    record Http(String name, String url, List<HttpHeader> headers) implements McpServer {
        @JsonProperty("type")
        public String type() {
            return "http";
        }
    }

    record Sse(String name, String url, List<HttpHeader> headers) implements McpServer {
        @JsonProperty("type")
        public String type() {
            return "sse";
        }
    }

    /** A header sent with every request to an HTTP or SSE server. */
    record HttpHeader(String name, String value) {}
}
