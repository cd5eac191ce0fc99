package dev.tether.acp.schema.agent;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer to {@code initialize}: the protocol version, what the agent can do, who it is and how
 * the user may authenticate. Written by the mapper, and as {@code json.PlainJson} values by
 * {@link #plain()} for the first {@code initialize}, which is answered before Jackson is ready
 * ({@code acp.FirstInitialize}); both write the same bytes. The plain forms use no pattern
 * {@code switch} and no record {@code equals}/{@code toString}: each would spin a class at run time
 * on the path they exist to keep short.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
 */
public record InitializeResponse(int protocolVersion, AgentCapabilities agentCapabilities, Implementation agentInfo,
                                 List<AuthMethod> authMethods) {

    public InitializeResponse {
        authMethods = List.copyOf(authMethods);
    }

    /** This answer as {@code json.PlainJson} values, in the mapper's order and without its null fields. */
    public Map<String, Object> plain() {
        List<Object> methods = new java.util.ArrayList<>();
        for (AuthMethod method : authMethods) {
            methods.add(method.plain());
        }
        return object("protocolVersion", protocolVersion, "agentCapabilities", agentCapabilities.plain(),
                "agentInfo", agentInfo.plain(), "authMethods", methods);
    }

    /** @see <a href="https://agentclientprotocol.com/protocol/v1/initialization#agent-capabilities">ACP agent capabilities</a> */
    public record AgentCapabilities(boolean loadSession, PromptCapabilities promptCapabilities, McpCapabilities mcpCapabilities,
                                    SessionCapabilities sessionCapabilities) {
        Map<String, Object> plain() {
            return object("loadSession", loadSession, "promptCapabilities", promptCapabilities.plain(),
                    "mcpCapabilities", mcpCapabilities.plain(), "sessionCapabilities", sessionCapabilities.plain());
        }
    }

    /** @see <a href="https://agentclientprotocol.com/protocol/v1/initialization#prompt-capabilities">ACP prompt capabilities</a> */
    public record PromptCapabilities(boolean image, boolean audio, boolean embeddedContext) {
        Map<String, Object> plain() {
            return object("image", image, "audio", audio, "embeddedContext", embeddedContext);
        }
    }

    /** The MCP transports the agent connects to besides stdio. */
    public record McpCapabilities(boolean http, boolean sse) {
        Map<String, Object> plain() {
            return object("http", http, "sse", sse);
        }
    }

    /**
     * The optional session methods, each offered by an empty object and withheld by null.
     *
     * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization#session-capabilities">ACP session capabilities</a>
     */
    public record SessionCapabilities(Offered list, Offered resume, Offered close, Offered delete, Offered additionalDirectories,
                                      Offered fork) {
        Map<String, Object> plain() {
            return object("list", plain(list), "resume", plain(resume), "close", plain(close), "delete", plain(delete),
                    "additionalDirectories", plain(additionalDirectories), "fork", plain(fork));
        }

        private static Map<String, Object> plain(Offered offered) {
            return offered == null ? null : Map.of();
        }
    }

    /** A capability that has nothing to say but that it is there: {@code {}}. */
    public record Offered() {
        public static final Offered YES = new Offered();
    }

    /** The agent's name, display title and version. */
    public record Implementation(String name, String title, String version) {
        Map<String, Object> plain() {
            return object("name", name, "title", title, "version", version);
        }
    }

    /**
     * How the user may authenticate: an agent method (the user acts, then the editor calls
     * {@code authenticate}) or, for editors that can run one, a terminal method (the editor runs the
     * agent's command with {@code args} appended in a terminal).
     *
     * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
     */
    public sealed interface AuthMethod {
        Map<String, Object> plain();

        /** The schema's default kind: it carries no {@code type}. */
        record Agent(String id, String name, String description) implements AuthMethod {
            @Override
            public Map<String, Object> plain() {
                return object("id", id, "name", name, "description", description);
            }
        }

        @JsonPropertyOrder({"id", "name", "description", "type", "args"})
        record Terminal(String id, String name, String description, List<String> args) implements AuthMethod {
            public Terminal {
                args = List.copyOf(args);
            }

            @JsonProperty("type")
            public String type() {
                return "terminal";
            }

            @Override
            public Map<String, Object> plain() {
                return object("id", id, "name", name, "description", description, "type", type(), "args", args);
            }
        }
    }

    /** An object of the given name and value pairs in their order, leaving out null values as the mapper does. */
    private static Map<String, Object> object(Object... pairs) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                object.put((String) pairs[i], pairs[i + 1]);
            }
        }
        return object;
    }
}
